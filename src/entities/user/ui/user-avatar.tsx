import { assetUrl } from '@/shared/config';
import { Avatar } from '@/shared/ui/avatar';
import { getFullName, type NamedUser } from '../lib/display-name';

interface UserAvatarProps {
  user: NamedUser & { profileImage?: string };
  size?: number;
  /** '' when the name is shown next to the avatar. */
  alt?: string;
}

/** The user's photo (server-relative path) with an initials fallback. */
export function UserAvatar({ user, size = 48, alt = '' }: UserAvatarProps) {
  return <Avatar name={getFullName(user)} src={assetUrl(user.profileImage)} size={size} alt={alt} />;
}
