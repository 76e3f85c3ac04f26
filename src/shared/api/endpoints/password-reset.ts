import { baseApi } from '../base-api';
import { toDataMessageResult, toStatusResult, type StatusResult } from './wire';

// server/modules/password-reset. Spec §4 Password reset, without a session: e-mail → code → new password.
export const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forgot-password `{ email }` → `{ status, message, data: { message } }` (same answer for unknown addresses). */
    requestPasswordReset: build.mutation<StatusResult, { email: string }>({
      query: (body) => ({ url: 'forgot-password', method: 'POST', body }),
      transformResponse: toDataMessageResult,
    }),
    /** POST /api/forgot-password-otp `{ email, otp }` → `{ status, message }`; the code is checked, not used up. */
    verifyPasswordResetOtp: build.mutation<StatusResult, { email: string; otp: string }>({
      query: (body) => ({ url: 'forgot-password-otp', method: 'POST', body }),
      transformResponse: toStatusResult,
    }),
    /** POST /api/forgot-password/reset-password `{ email, otp, newPassword }` → `{ status, message }`; all sessions end. */
    resetPassword: build.mutation<StatusResult, { email: string; otp: string; newPassword: string }>({
      query: (body) => ({ url: 'forgot-password/reset-password', method: 'POST', body }),
      transformResponse: toStatusResult,
    }),
  }),
});

export const { useRequestPasswordResetMutation, useVerifyPasswordResetOtpMutation, useResetPasswordMutation } =
  passwordResetApi;
