import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi } from '../base-api';
import { toFormData } from '../form-data';
import { asString, isRecord, toStatusResult, toUser, type StatusResult, type User } from './wire';

// server/modules/users: GET /api/user/{id}, PUT /api/edit-profile/{userId}, POST /api/{id}/upload.

/** Spec §3 profile update payload; sent as multipart form fields. */
export interface ProfileUpdate {
  fullName: string;
  bio: string;
  location: string;
  contact: string;
  useCurrentLocation: boolean;
  gender: string;
}

export interface ProfileUpdateResult extends StatusResult {
  user: User | null;
}

export interface ProfileImageResult {
  success: boolean;
  /** Server-relative path ('/uploads/profile/...'). */
  imageUrl: string;
  user: User | null;
}

export const userPath = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

const toProfileForm = ({ fullName, bio, location, contact, useCurrentLocation, gender }: ProfileUpdate) =>
  toFormData({ fullName, bio, location, contact, useCurrentLocation: String(useCurrentLocation), gender });

const answeredUser = (body: unknown) => (isRecord(body) ? toUser(body.user) : null);

/** GET /api/user/{id} → `{ status, user }`: the one owner of user data; changes are written into it. */
const userQueryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User | null, string>({
      query: (id) => userPath('user', id),
      transformResponse: answeredUser,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

/** Writes a user the server answered with into the cached getUser (created when absent): no second request. */
export const writeUser = (user: User) =>
  userQueryApi.util.upsertQueryEntries([{ endpointName: 'getUser', arg: user._id, value: user }]);

/** The caller shows a failed request; the cache keeps what it had. */
export const ignoreFailure = () => undefined;

/** onQueryStarted of a mutation whose answer carries the changed user: it goes into the cache. */
export async function writeAnsweredUser(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: { user: User | null } }> },
): Promise<void> {
  const answer = await queryFulfilled.catch(ignoreFailure);
  if (answer?.data.user) dispatch(writeUser(answer.data.user));
}

export const usersApi = userQueryApi.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /api/edit-profile/{userId} (multipart) → `{ status, message, user }`; the user goes into the cache. */
    updateProfile: build.mutation<ProfileUpdateResult, { userId: string; update: ProfileUpdate }>({
      query: ({ userId, update }) => ({ url: userPath('edit-profile', userId), method: 'PUT', body: toProfileForm(update) }),
      transformResponse: (body: unknown) => ({ ...toStatusResult(body), user: answeredUser(body) }),
      onQueryStarted: writeAnsweredUser,
      // An answer without the user (the spec's own backend sends `{ status, message }`): read it again.
      invalidatesTags: (result, _error, { userId }) => (result?.status && !result.user ? [{ type: 'User', id: userId }] : []),
    }),
    /** POST /api/{id}/upload, multipart field profileImage → `{ success, imageUrl, user }`. */
    uploadProfileImage: build.mutation<ProfileImageResult, { userId: string; file: File }>({
      query: ({ userId, file }) => ({ url: `${encodeURIComponent(userId)}/upload`, method: 'POST', body: toFormData({ profileImage: file }) }),
      transformResponse: (body: unknown) => ({
        success: isRecord(body) && body.success === true,
        imageUrl: isRecord(body) ? asString(body.imageUrl) : '',
        user: answeredUser(body),
      }),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(ignoreFailure);
        const { success, imageUrl, user } = answer?.data ?? {};
        if (!success || !imageUrl) return;
        if (user) {
          dispatch(writeUser({ ...user, profileImage: imageUrl }));
          return;
        }
        // An answer without the user: the new photo is all that changed.
        dispatch(
          userQueryApi.util.updateQueryData('getUser', userId, (draft) => {
            if (draft) draft.profileImage = imageUrl;
          }),
        );
      },
    }),
  }),
});

export const { useGetUserQuery, useUpdateProfileMutation, useUploadProfileImageMutation } = usersApi;
