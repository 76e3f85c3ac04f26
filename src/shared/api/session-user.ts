import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { selectUserId, type SessionState } from '../auth';
import { type baseApi } from './base-api';
import { useGetUserQuery, usersApi, writeUser } from './endpoints/users';
import { toUser, type User } from './endpoints/wire';

type ApiState = { session: SessionState; [baseApi.reducerPath]: ReturnType<typeof baseApi.reducer> };

/** The signed-in user, from its one owner: the cached GET /api/user/{id}. */
export function selectSessionUser(state: ApiState): User | null {
  const userId = selectUserId(state);
  return userId ? (usersApi.endpoints.getUser.select(userId)(state as never).data ?? null) : null;
}

/**
 * The signed-in user for a screen: read from the cache, fetched when the cache has none.
 * `fresh` reads it again from the server when the screen opens (profile, settings).
 */
export function useSessionUser({ fresh = false }: { fresh?: boolean } = {}) {
  const userId = useSelector(selectUserId);
  const query = useGetUserQuery(userId ?? skipToken, { refetchOnMountOrArgChange: fresh });
  return { ...query, userId, user: userId ? (query.data ?? null) : null };
}

/**
 * Puts the stored user (localStorage 'userData', read at start) into the cache, so a reload shows the
 * stored name at once (spec §2 Home) without a request; null when there is nothing usable.
 */
export function hydrateSessionUser(stored: unknown) {
  const user = toUser(stored);
  return user ? writeUser(user) : null;
}
