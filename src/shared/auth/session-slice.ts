import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionState } from './session-user';

export const emptySession: SessionState = { userId: null, token: null, expired: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: emptySession,
  reducers: {
    sessionStarted(_state, action: PayloadAction<{ userId: string; token: string }>) {
      return { ...action.payload, expired: false };
    },
    /** Logout and account deletion. */
    sessionCleared() {
      return emptySession;
    },
    /** The server refused the token (revoked, expired, account gone). */
    sessionExpired() {
      return { ...emptySession, expired: true };
    },
    expiryNoticeShown(state) {
      state.expired = false;
    },
  },
});

export const { sessionStarted, sessionCleared, sessionExpired, expiryNoticeShown } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

export const selectUserId = (state: WithSession) => state.session.userId;
export const selectToken = (state: WithSession) => state.session.token;
export const selectSessionExpired = (state: WithSession) => state.session.expired;
/** Spec §4: logged in only when both the stored user data and the token are present. */
export const selectIsLoggedIn = (state: WithSession) => Boolean(state.session.userId && state.session.token);
