export { Button, ButtonLink, ButtonAnchor, buttonClassName } from './button';
export type { ButtonVariant, ButtonSize } from './button';
