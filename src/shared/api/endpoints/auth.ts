import { baseApi } from '../base-api';
import { ignoreFailure, writeUser } from './users';
import { asString, isRecord, toUser, type User } from './wire';

// server/modules/auth: register, login, logout.

export const LOGIN_SUCCESS_MESSAGE = 'User logged in successfully';
export const REGISTER_SUCCESS_MESSAGE = 'User registered successfully';

export interface LoginRequest {
  username: string;
  password: string;
}

export interface LoginResult {
  message: string;
  user: User | null;
  token: string | null;
}

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  contactNumber: string;
}

export interface RegisterResult {
  message: string;
  user: User | null;
}

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/register → 201 `{ message, data: user }`; conflicts are 409 `{ message }`. */
    register: build.mutation<RegisterResult, RegisterRequest>({
      query: (body) => ({ url: 'register', method: 'POST', body }),
      transformResponse: (body: unknown) => ({
        message: isRecord(body) ? asString(body.message) : '',
        user: isRecord(body) ? toUser(body.data) : null,
      }),
    }),
    /** POST /api/login → `{ message, user, token }` (spec §7). */
    login: build.mutation<LoginResult, LoginRequest>({
      query: (body) => ({ url: 'login', method: 'POST', body }),
      transformResponse: (body: unknown) => ({
        message: isRecord(body) ? asString(body.message) : '',
        user: isRecord(body) ? toUser(body.user) : null,
        token: isRecord(body) && typeof body.token === 'string' && body.token !== '' ? body.token : null,
      }),
      // The user goes into the cache (its one owner); the session itself is started by the login screen.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(ignoreFailure);
        const { message, user, token } = answer?.data ?? {};
        if (message === LOGIN_SUCCESS_MESSAGE && user && token) dispatch(writeUser(user));
      },
      // Notifications read while logged out failed; they are this user's now.
      invalidatesTags: ['Notification'],
    }),
    /**
     * POST /api/logout revokes the server session. The token is passed explicitly so the call can
     * start after the local session is already cleared; callers treat it as best-effort.
     */
    logout: build.mutation<void, string | null | undefined>({
      query: (token) => ({
        url: 'logout',
        method: 'POST',
        timeout: 5000,
        headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useRegisterMutation, useLoginMutation, useLogoutMutation } = authApi;
