export { UserAvatar } from './ui/user-avatar';
export { getFullName, getFirstName, getName } from './lib/display-name';
export type { NamedUser } from './lib/display-name';
export { isModerator } from './lib/role';
