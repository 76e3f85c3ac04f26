import type { User } from '@/shared/api';

/** The signed-in user may moderate (the role comes with the own profile; the server checks it on every call). */
export const isModerator = (user: Pick<User, 'role'> | null | undefined): boolean => user?.role === 'moderator';
