import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionState, SessionUser } from './session-user';

const emptySession: SessionState = { user: null, token: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: emptySession,
  reducers: {
    sessionStarted(_state, action: PayloadAction<{ user: SessionUser; token: string }>) {
      const { user, token } = action.payload;
      return { user: { ...user, token }, token };
    },
    /** Merges fresh profile fields into the stored user (profile edits, token count). */
    sessionUserUpdated(state, action: PayloadAction<Partial<SessionUser>>) {
      if (state.user) state.user = { ...state.user, ...action.payload, token: state.user.token };
    },
    sessionCleared() {
      return emptySession;
    },
  },
});

export const { sessionStarted, sessionUserUpdated, sessionCleared } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

export const selectCurrentUser = (state: WithSession) => state.session.user;
export const selectToken = (state: WithSession) => state.session.token;
/** Spec §4: logged in only when both the stored user data and the token are present. */
export const selectIsLoggedIn = (state: WithSession) => Boolean(state.session.user && state.session.token);
