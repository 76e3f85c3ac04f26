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

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user/{id} → `{ status, user }`. */
    getUser: build.query<User | null, string>({
      query: (id) => `user/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => (isRecord(body) ? toUser(body.user) : null),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
  }),
});

export const { useGetUserQuery } = usersApi;
