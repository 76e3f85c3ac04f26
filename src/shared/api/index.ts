export { baseApi, tagTypes } from './base-api';
export type { TagType } from './base-api';
export { providesList } from './tags';
export { getErrorMessage, getServerMessage, isNetworkError, settleStatus, GENERIC_ERROR } from './errors';

export {
  authApi,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  LOGIN_SUCCESS_MESSAGE,
  REGISTER_SUCCESS_MESSAGE,
} from './endpoints/auth';
export type { LoginRequest, LoginResult, RegisterRequest, RegisterResult } from './endpoints/auth';
export {
  usersApi,
  useGetUserQuery,
  useUpdateProfileMutation,
  useUploadProfileImageMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} from './endpoints/users';
export type {
  User,
  StatusResult,
  ProfileUpdate,
  ProfileUpdateResult,
  ProfileImageResult,
  ChangePasswordRequest,
} from './endpoints/users';
export { emailChangeApi, useSendEmailOtpMutation, useVerifyEmailOtpMutation } from './endpoints/email-change';
export type { VerifyEmailOtpResult } from './endpoints/email-change';
export {
  passwordResetApi,
  useRequestPasswordResetMutation,
  useVerifyPasswordResetOtpMutation,
  useResetPasswordMutation,
} from './endpoints/password-reset';
export { geoApi, useReverseGeocodeQuery, useLazyReverseGeocodeQuery, useSearchPlacesQuery } from './endpoints/geo';
export type { GeoAddress, GeoPlace, ReverseGeocodeResult } from './endpoints/geo';
export { notificationsApi, useGetNotificationsQuery } from './endpoints/notifications';
export type { Notification } from './endpoints/notifications';
