import { paths } from '../src/shared/config/routes';

/** One address the accessibility audit (accessibility.spec.ts) opens. */
export interface AuditedRoute {
  /** The address opened (path and query). */
  path: string;
  /** 'account': needs a session, so it is only audited signed in (signed out it sends to /login). */
  access: 'public' | 'account';
  /**
   * Navigation state the previous step of a journey passes (React Router's location.state). Without it
   * the screen redirects; the audit then checks wherever it lands, and with it the screen itself.
   */
  state?: Record<string, string>;
  /**
   * For a detail route: the ':id' in `path` becomes the `_id` of the first record of this public
   * list (the demo seed's ids are made afresh for each database), read from `key` of its answer;
   * with `field`, the `_id` of that field of the record (a whisper's `user`).
   */
  idFrom?: { list: string; key: string; field?: string };
}

/** A well-formed id (the server's ids are UUIDs) that no record has. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every route of the app (src/app/routes/routes.tsx), each audited signed out (the public ones) and
 * signed in (all of them). A page added to the route table is added here too: the audit fails on a
 * route pattern that no entry covers.
 */
export const auditedRoutes: readonly AuditedRoute[] = [
  { path: paths.home(), access: 'public' },
  { path: paths.login(), access: 'public' },
  { path: paths.register(), access: 'public' },
  { path: paths.forgotPassword.root(), access: 'public' },
  { path: paths.forgotPassword.otp('mira@example.com'), access: 'public' },
  // Without the e-mail and code it goes back to the first step; with them, the new-password form.
  { path: paths.forgotPassword.setPassword(), access: 'public' },
  { path: paths.forgotPassword.setPassword(), access: 'public', state: { email: 'mira@example.com', otp: '123456' } },
  { path: paths.aboutUs(), access: 'public' },
  { path: paths.helpSupport(), access: 'public' },
  { path: paths.companions(), access: 'public' },
  { path: paths.location(), access: 'public' },
  { path: paths.map(), access: 'public' },
  { path: paths.planTrip(), access: 'account' },
  { path: paths.trips(), access: 'account' },
  // A well-formed id no trip has: the edit page's 'Trip not found' state.
  { path: paths.editTrip(MISSING_ID), access: 'account' },
  { path: '/no/such/place', access: 'public' },
  { path: paths.profile(), access: 'account' },
  { path: paths.settings.root(), access: 'account' },
  { path: paths.settings.changePassword(), access: 'account' },
  { path: paths.settings.changeEmail(), access: 'account' },
  // Without the new address it goes back to Change Email; with it, the code form.
  { path: paths.settings.verifyEmailOtp(), access: 'account' },
  { path: paths.settings.verifyEmailOtp(), access: 'account', state: { newEmail: 'mira.new@example.com' } },
  // The audit's account has blocked no one: the empty state.
  { path: paths.settings.blocked(), access: 'account' },
  // Every kind with its two switches (the account's defaults).
  { path: paths.settings.notifications(), access: 'account' },
  // An e-mail's unsubscribe link, signed in or not: without its token, and with one this server did
  // not sign (why it does not work; the question itself needs a token the server signed).
  { path: paths.unsubscribe(), access: 'public' },
  { path: paths.unsubscribe('not.signed'), access: 'public' },
  // Signed out and as a member (the audit's account): the 404 page, as for anyone but a moderator.
  { path: paths.moderation(), access: 'public' },
  { path: paths.events.root(), access: 'public' },
  // The seed's ids are made afresh on every start: a well-formed id no event has shows the detail
  // page's 'Event not found' state.
  { path: paths.events.byId('00000000-0000-4000-8000-000000000000'), access: 'public' },
  { path: paths.events.add(), access: 'public' },
  // Likewise: the edit page's 'Event not found' state (signed out it sends to /login).
  { path: paths.events.edit('00000000-0000-4000-8000-000000000000'), access: 'account' },
  { path: paths.needs.root(), access: 'public' },
  { path: paths.needs.create(), access: 'public' },
  { path: paths.needs.byId(':id'), access: 'public', idFrom: { list: '/api/all-needs?limit=1', key: 'data' } },
  // Someone else's need (the audit's account owns none): the 'only your own needs' state.
  { path: paths.needs.edit(':id'), access: 'account', idFrom: { list: '/api/all-needs?limit=1', key: 'data' } },
  { path: paths.skills.root(), access: 'public' },
  { path: paths.skills.add(), access: 'public' },
  // The seed's ids are made afresh on every start: a well-formed id no skill has shows the not-found state.
  { path: paths.skills.byId(MISSING_ID), access: 'public' },
  { path: paths.skills.edit(MISSING_ID), access: 'account' },
  { path: paths.whispers.root(), access: 'public' },
  { path: paths.whispers.create(), access: 'public' },
  { path: paths.whispers.detail(':id'), access: 'public', idFrom: { list: '/api/approved-whispers?limit=1', key: 'whispers' } },
  // Someone else's whisper (the audit's account has none): the 'Not your whisper' state.
  { path: paths.whispers.edit(':id'), access: 'account', idFrom: { list: '/api/approved-whispers?limit=1', key: 'whispers' } },
  // A well-formed id no user has: the profile's 'User not found' state.
  { path: paths.whispers.profile(MISSING_ID), access: 'public' },
  // Signed out: 'You are not logged in'; signed in: the pending requests.
  { path: paths.allRequests(), access: 'public' },
  { path: paths.challenges.root(), access: 'public' },
  { path: `${paths.challenges.root()}?tab=mychallenges`, access: 'public' },
  { path: `${paths.challenges.root()}?tab=badges`, access: 'public' },
  { path: paths.challenges.detail(':id'), access: 'public', idFrom: { list: '/api/get-challenges', key: 'data' } },
  { path: paths.challenges.joined(':id'), access: 'public', idFrom: { list: '/api/get-challenges', key: 'data' } },
  { path: paths.challenges.detail(MISSING_ID), access: 'public' },
  // Signed out: 'You are not logged in'; signed in: the inbox, and a conversation with the first
  // whisper's author (the audit's account has none yet: the empty conversation and the composer).
  { path: paths.messages.root(), access: 'public' },
  { path: paths.messages.bySender(':id'), access: 'public', idFrom: { list: '/api/approved-whispers?limit=1', key: 'whispers', field: 'user' } },
];
