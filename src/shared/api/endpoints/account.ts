import { baseApi } from '../base-api';
import { userPath, writeAnsweredUser } from './users';
import { isRecord, toDataMessageResult, toStatusResult, toUser, type StatusResult, type User } from './wire';

// server/modules/account: delete-user, change-password, send-email-otp, verify-email-otp (all bearer).

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface VerifyEmailOtpResult extends StatusResult {
  user: User | null;
}

/**
 * The current password, sent only when the server asked for it: a session that signed in more than
 * 10 minutes ago must confirm it (403 with field currentPassword) before deleting or changing e-mail.
 */
const withPassword = (currentPassword: string | undefined) => (currentPassword ? { currentPassword } : {});

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /api/delete-user/{userId} `[{ currentPassword }]` → `{ status, message, data: { message } }`. */
    deleteAccount: build.mutation<StatusResult, { userId: string; currentPassword?: string }>({
      query: ({ userId, currentPassword }) => ({
        url: userPath('delete-user', userId),
        method: 'DELETE',
        // No body at all unless a password is sent, as the spec's call.
        ...(currentPassword ? { body: withPassword(currentPassword) } : {}),
      }),
      transformResponse: toDataMessageResult,
      // Nothing to refetch: the caller ends the session, which resets the whole api state.
    }),
    /** POST /api/change-password/{userId} → `{ status, message }`; the server ends the user's other sessions. */
    changePassword: build.mutation<StatusResult, { userId: string } & ChangePasswordRequest>({
      query: ({ userId, ...body }) => ({ url: userPath('change-password', userId), method: 'POST', body }),
      transformResponse: toStatusResult,
    }),
    /** POST /api/send-email-otp `{ newEmail[, currentPassword] }` → `{ status, message: 'OTP Sent' }`. */
    sendEmailOtp: build.mutation<StatusResult, { newEmail: string; currentPassword?: string }>({
      query: ({ newEmail, currentPassword }) => ({
        url: 'send-email-otp',
        method: 'POST',
        body: { newEmail, ...withPassword(currentPassword) },
      }),
      transformResponse: toStatusResult,
    }),
    /**
     * POST /api/verify-email-otp `{ otp, newEmail }` → `{ status, message: 'Email Verified', user }`; the
     * user goes into the cache. `userId` is not sent: it names the cached user to refresh.
     */
    verifyEmailOtp: build.mutation<VerifyEmailOtpResult, { userId: string; otp: string; newEmail: string }>({
      query: ({ otp, newEmail }) => ({ url: 'verify-email-otp', method: 'POST', body: { otp, newEmail } }),
      transformResponse: (body: unknown) => ({ ...toStatusResult(body), user: isRecord(body) ? toUser(body.user) : null }),
      onQueryStarted: writeAnsweredUser,
      // An answer without the user: read that one user again.
      invalidatesTags: (result, _error, { userId }) => (result?.status && !result.user ? [{ type: 'User', id: userId }] : []),
    }),
  }),
});

export const { useDeleteAccountMutation, useChangePasswordMutation, useSendEmailOtpMutation, useVerifyEmailOtpMutation } =
  accountApi;
