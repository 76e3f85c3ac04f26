import { baseApi } from '../base-api';
import { toStatusResult, toUser, type StatusResult, type User } from './users';
import { isRecord } from './wire';

export interface VerifyEmailOtpResult extends StatusResult {
  user: User | null;
}

// Spec §4 E-mail change: request a code to the new address, then verify it (bearer).
export const emailChangeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/send-email-otp `{ newEmail }` → `{ status, message: 'OTP Sent' }`; 400/409/429 `{ status: false, message }`. */
    sendEmailOtp: build.mutation<StatusResult, { newEmail: string }>({
      query: (body) => ({ url: 'send-email-otp', method: 'POST', body }),
      transformResponse: toStatusResult,
    }),
    /** POST /api/verify-email-otp `{ otp, newEmail }` → `{ status, message: 'Email Verified', user }`. */
    verifyEmailOtp: build.mutation<VerifyEmailOtpResult, { otp: string; newEmail: string }>({
      query: (body) => ({ url: 'verify-email-otp', method: 'POST', body }),
      transformResponse: (body: unknown) => ({ ...toStatusResult(body), user: isRecord(body) ? toUser(body.user) : null }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSendEmailOtpMutation, useVerifyEmailOtpMutation } = emailChangeApi;
