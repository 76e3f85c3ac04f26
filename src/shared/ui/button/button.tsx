import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg' | 'sm';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export const buttonClassName = ({ variant = 'primary', size = 'md', block = false }: Look, extra?: string) =>
  ['btn', `btn--${variant}`, `btn--${size}`, block && 'btn--block', extra].filter(Boolean).join(' ');

type ButtonProps = Look & ButtonHTMLAttributes<HTMLButtonElement> & { children: ReactNode; ref?: Ref<HTMLButtonElement> };

export function Button({ variant, size, block, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {children}
    </button>
  );
}

type ButtonLinkProps = Look & LinkProps;

/** An in-app link that looks like a button (navigation is a link, not a click handler). */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}

type ButtonAnchorProps = Look & AnchorHTMLAttributes<HTMLAnchorElement>;

/** An external link (mailto:, tel:, another site) that looks like a button. */
export function ButtonAnchor({ variant, size, block, className, children, ...rest }: ButtonAnchorProps) {
  return (
    <a className={buttonClassName({ variant, size, block }, className)} {...rest}>
      {children}
    </a>
  );
}
