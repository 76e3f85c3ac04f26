export { baseApi, tagTypes } from './base-api';
export type { TagType } from './base-api';
export { providesList } from './tags';
export { getErrorMessage, getServerMessage, isNetworkError, GENERIC_ERROR } from './errors';

export {
  authApi,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  LOGIN_SUCCESS_MESSAGE,
  REGISTER_SUCCESS_MESSAGE,
} from './endpoints/auth';
export type { LoginRequest, LoginResult, RegisterRequest, RegisterResult } from './endpoints/auth';
export { usersApi, useGetUserQuery } from './endpoints/users';
export type { User } from './endpoints/users';
export { notificationsApi, useGetNotificationsQuery } from './endpoints/notifications';
export type { Notification } from './endpoints/notifications';
