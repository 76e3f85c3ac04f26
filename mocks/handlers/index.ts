import { authHandlers } from './auth';
import { notificationsHandlers } from './notifications';
import { usersHandlers } from './users';

/** One list per backend resource; later issues append theirs. */
export const handlers = [...authHandlers, ...usersHandlers, ...notificationsHandlers];
