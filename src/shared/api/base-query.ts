import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { selectToken, selectUserId, type SessionState } from '../auth';
import { getBackendOrigin } from '../config';
import { afterFirstScreen } from '../lib/after-first-screen';
import { clearGeneration, KEPT_ENDPOINTS, requestKey } from './offline-entry';

/** The kept answers' code (and IndexedDB's), loaded for a member only: never for a visitor. */
const offlineStore = () => import(/* webpackChunkName: "offline" */ './offline-store');

/**
 * Fresh answers whose keeping waits for the first screen: a read that gets no answer meanwhile is
 * answered with one of these, never with the older one a past visit kept.
 */
const unwritten = new Map<string, { body: unknown; since: number }>();

/** Spec §7: register and login send no bearer token (and their 401 is a wrong password, not a dead session). */
const anonymousEndpoints = new Set(['login', 'register']);

const sessionToken = (api: Pick<BaseQueryApi, 'getState' | 'endpoint'>) =>
  anonymousEndpoints.has(api.endpoint) ? null : selectToken(api.getState() as { session: SessionState });

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/** No answer came at all (no connection, the network dropped it, or it took too long): not a refusal. */
export const isConnectionFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');

/** How long a read may take before it counts as no answer (TIMEOUT_ERROR). */
export const READ_TIMEOUT_MS = 20_000;

const withReadTimeout = (args: string | FetchArgs): FetchArgs =>
  typeof args === 'string' ? { url: args, timeout: READ_TIMEOUT_MS } : { ...args, timeout: args.timeout ?? READ_TIMEOUT_MS };

/** The member and request an answer is kept under, when it is one that is (a signed-in GET of a kept endpoint). */
function keptRequest(args: string | FetchArgs, api: BaseQueryApi, sent: string | null) {
  const member = selectUserId(api.getState() as { session: SessionState });
  const method = typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
  if (!sent || !member || api.type !== 'query' || method !== 'GET' || !KEPT_ENDPOINTS.has(api.endpoint)) return null;
  return { member, request: requestKey(typeof args === 'string' ? args : { url: args.url, params: args.params }) };
}

/**
 * fetch on the runtime API URL + /api/ with the session's bearer token. A 401 to a request that
 * carried the session's token means the server no longer knows that session (revoked, expired,
 * account gone): `onRefusedToken` ends it. Not when the session changed meanwhile (logged out, or in
 * again), nor for a request with a token of its own (logout sends the old one).
 */
export function createBaseQuery(onRefusedToken: (api: BaseQueryApi) => void): AppBaseQuery {
  let rawBaseQuery: ReturnType<typeof fetchBaseQuery> | undefined;
  return async (args, api, extraOptions) => {
    // Built on first use, so the runtime config (the page's config block, or the jest setup's) is read after it is set.
    // The base is absolute even when apiUrl is '': fetch under jest has no document base URL.
    rawBaseQuery ??= fetchBaseQuery({
      baseUrl: `${getBackendOrigin()}/api/`,
      prepareHeaders: (headers, { getState, endpoint }) => {
        const token = sessionToken({ getState, endpoint });
        if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
        return headers;
      },
    });
    const ownHeader = typeof args === 'object' && new Headers(args.headers as HeadersInit | undefined).has('Authorization');
    const sent = ownHeader ? null : sessionToken(api);
    const kept = keptRequest(args, api, sent);
    const since = clearGeneration();
    // A read that hangs (a stalled connection that never fails) gives up after a while, so the kept
    // answer can stand in; writes (uploads on a slow link) are left to the network's own limits.
    const request = api.type === 'query' ? withReadTimeout(args) : args;
    const result = await rawBaseQuery(request, api, extraOptions);
    if (result.error?.status === 401 && sent && sessionToken(api) === sent) onRefusedToken(api);
    if (kept && sessionToken(api) === sent) {
      // What the member has seen stays readable offline (offline-store.ts): a fresh answer is kept
      // (in the background, once the first screen is drawn: its code and the database never share
      // the connection with that screen), and with no connection the kept one answers instead, at
      // once, so the screen shows what it showed last time (under the offline banner).
      const id = `${kept.member} ${kept.request}`;
      if (!result.error) {
        const fresh = { body: result.data, since };
        unwritten.set(id, fresh);
        void afterFirstScreen()
          .then(offlineStore)
          .then(({ storeAnswer }) => storeAnswer(kept.member, api.endpoint, kept.request, result.data, since))
          .catch(() => undefined)
          .finally(() => {
            if (unwritten.get(id) === fresh) unwritten.delete(id);
          });
      } else if (isConnectionFailure(result.error)) {
        const fresh = unwritten.get(id);
        if (fresh && fresh.since === clearGeneration()) return { data: fresh.body };
        const body = await offlineStore().then(({ readAnswer }) => readAnswer(kept.member, kept.request)).catch(() => undefined);
        if (body !== undefined && sessionToken(api) === sent) return { data: body };
      }
    }
    return result;
  };
}
