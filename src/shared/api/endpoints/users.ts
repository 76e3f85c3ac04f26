import { baseApi } from '../base-api';
import { asNumber, asString, isRecord } from './wire';

/** The user object of server/README.md; another user's profile omits e-mail and phone. */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  username: string;
  email?: string;
  phone?: string;
  contactNumber?: string;
  profileImage: string;
  tokens: number;
  bio?: string;
  location?: string;
  gender?: string;
  createdAt?: string;
}

const optional = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Normalises a wire user; null when the shape is not a user at all. */
export function toUser(value: unknown): User | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  const user: User = {
    _id: value._id,
    firstName: asString(value.firstName),
    lastName: asString(value.lastName),
    username: asString(value.username),
    profileImage: asString(value.profileImage),
    tokens: asNumber(value.tokens),
  };
  for (const key of ['email', 'phone', 'contactNumber', 'bio', 'location', 'gender', 'createdAt'] as const) {
    const field = optional(value[key]);
    if (field !== undefined) user[key] = field;
  }
  return user;
}

/** `{ status, message }` answers (spec §7 reads the status flag). */
export interface StatusResult {
  status: boolean;
  message: string;
}

export const toStatusResult = (body: unknown): StatusResult => ({
  status: isRecord(body) && body.status === true,
  message: isRecord(body) ? asString(body.message) : '',
});

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

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const userPath = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** FormData is built from values, never from a form element (stack-notes P8). */
function toProfileForm(update: ProfileUpdate): FormData {
  const form = new FormData();
  form.append('fullName', update.fullName);
  form.append('bio', update.bio);
  form.append('location', update.location);
  form.append('contact', update.contact);
  form.append('useCurrentLocation', String(update.useCurrentLocation));
  form.append('gender', update.gender);
  return form;
}

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user/{id} → `{ status, user }`. */
    getUser: build.query<User | null, string>({
      query: (id) => userPath('user', id),
      transformResponse: (body: unknown) => (isRecord(body) ? toUser(body.user) : null),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    /** PUT /api/edit-profile/{userId} (multipart) → `{ status, message, user }`. */
    updateProfile: build.mutation<ProfileUpdateResult, { userId: string; update: ProfileUpdate }>({
      query: ({ userId, update }) => ({ url: userPath('edit-profile', userId), method: 'PUT', body: toProfileForm(update) }),
      transformResponse: (body: unknown) => ({
        ...toStatusResult(body),
        user: isRecord(body) ? toUser(body.user) : null,
      }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: 'User', id: userId }],
    }),
    /** POST /api/{id}/upload, multipart field profileImage → `{ success, imageUrl, user }`. */
    uploadProfileImage: build.mutation<ProfileImageResult, { userId: string; file: File }>({
      query: ({ userId, file }) => {
        const form = new FormData();
        form.append('profileImage', file);
        return { url: `${encodeURIComponent(userId)}/upload`, method: 'POST', body: form };
      },
      transformResponse: (body: unknown) => ({
        success: isRecord(body) && body.success === true,
        imageUrl: isRecord(body) ? asString(body.imageUrl) : '',
        user: isRecord(body) ? toUser(body.user) : null,
      }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: 'User', id: userId }],
    }),
    /** POST /api/change-password/{userId} → `{ status, message }`; the server ends the user's other sessions. */
    changePassword: build.mutation<StatusResult, { userId: string } & ChangePasswordRequest>({
      query: ({ userId, ...body }) => ({ url: userPath('change-password', userId), method: 'POST', body }),
      transformResponse: toStatusResult,
      invalidatesTags: ['Session'],
    }),
    /** DELETE /api/delete-user/{userId} → `{ status, message, data: { message } }`; callers reset the api state after. */
    deleteAccount: build.mutation<StatusResult, string>({
      query: (userId) => ({ url: userPath('delete-user', userId), method: 'DELETE' }),
      transformResponse: (body: unknown) => {
        const result = toStatusResult(body);
        const data = isRecord(body) && isRecord(body.data) ? asString(body.data.message) : '';
        return { status: result.status, message: data || result.message };
      },
      // Nothing to refetch: the caller resets the whole api state.
      invalidatesTags: ['Session'],
    }),
  }),
});

export const {
  useGetUserQuery,
  useUpdateProfileMutation,
  useUploadProfileImageMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} = usersApi;
