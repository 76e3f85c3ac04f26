import './logo.css';

interface LogoProps {
  size?: number;
  /** '' when a visible brand name sits next to it. */
  alt?: string;
  className?: string;
}

/** The brand mark, served from public/ (the server serves public/ at /). */
export function Logo({ size = 48, alt = '', className }: LogoProps) {
  return (
    <img
      className={['logo', className].filter(Boolean).join(' ')}
      src="/images/logo.svg"
      width={size}
      height={size}
      alt={alt}
      decoding="async"
    />
  );
}
