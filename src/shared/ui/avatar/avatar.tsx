import { useState } from 'react';
import './avatar.css';

interface AvatarProps {
  /** Full name; its initials show when there is no photo or it fails to load. */
  name: string;
  src?: string;
  size?: number;
  /** Alt text for the photo; '' (default) when the name is shown next to it. */
  alt?: string;
  className?: string;
}

export function getInitials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

export function Avatar({ name, src, size = 48, alt = '', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const showImage = Boolean(src) && failedSrc !== src;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const classes = ['avatar', className].filter(Boolean).join(' ');

  if (showImage) {
    return <img className={classes} style={style} src={src} alt={alt} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span className={`${classes} avatar--initials`} style={style} aria-hidden={alt === '' ? true : undefined}>
      {getInitials(name)}
    </span>
  );
}
