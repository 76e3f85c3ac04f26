import { icons, type IconName } from './icons';

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
  /** Icons are decorative by default; give a title only when the icon alone carries meaning. */
  title?: string;
}

export function Icon({ name, size = 24, className, title }: IconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      aria-label={title}
      focusable="false"
    >
      {icons[name]}
    </svg>
  );
}
