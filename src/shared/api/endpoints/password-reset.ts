import { baseApi } from '../base-api';
import { toStatusResult, type StatusResult } from './users';
import { asString, isRecord } from './wire';

// Spec §4 Password reset, without a session: e-mail → code → new password.
export const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/forgot-password `{ email }` → `{ status, message, data: { message } }` (same answer for unknown addresses). */
    requestPasswordReset: build.mutation<StatusResult, { email: string }>({
      query: (body) => ({ url: 'forgot-password', method: 'POST', body }),
      transformResponse: (body: unknown) => {
        const result = toStatusResult(body);
        const data = isRecord(body) && isRecord(body.data) ? asString(body.data.message) : '';
        return { status: result.status, message: data || result.message };
      },
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
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useRequestPasswordResetMutation, useVerifyPasswordResetOtpMutation, useResetPasswordMutation } =
  passwordResetApi;
