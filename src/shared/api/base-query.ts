import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { selectToken, type SessionState } from '../auth';
import { getBackendOrigin } from '../config';

/** Spec §7: register and login send no bearer token (and their 401 is a wrong password, not a dead session). */
const anonymousEndpoints = new Set(['login', 'register']);

const sessionToken = (api: Pick<BaseQueryApi, 'getState' | 'endpoint'>) =>
  anonymousEndpoints.has(api.endpoint) ? null : selectToken(api.getState() as { session: SessionState });

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

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
    const result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status === 401 && sent && sessionToken(api) === sent) onRefusedToken(api);
    return result;
  };
}
