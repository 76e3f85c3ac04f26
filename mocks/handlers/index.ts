import { accountHandlers } from './account';
import { authHandlers } from './auth';
import { geoHandlers } from './geo';
import { notificationsHandlers } from './notifications';
import { usersHandlers } from './users';

/** One list per backend resource; later issues append theirs. */
export const handlers = [...authHandlers, ...usersHandlers, ...accountHandlers, ...geoHandlers, ...notificationsHandlers];
