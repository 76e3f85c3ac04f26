import { createECDH, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, getTableColumns, type Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import * as schema from '../../db/schema.js';
import { sessions } from '../../db/schema.js';
import { boardsChanged } from '../../lib/cached-reads.js';
import { forget } from '../../db/cache.js';
import { signToken } from '../../lib/tokens.js';
import { unsubscribeToken } from '../../modules/notifications/unsubscribe.js';
import type { RouteEntry } from '../../plugins/auth.js';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../build-test-app.js';
import { bearer, login, newRegistration, randomIp, signUp } from '../fixtures.js';
import { multipart } from '../multipart.js';
import { startNominatimStub } from '../nominatim-stub.js';

export type Account = Awaited<ReturnType<typeof signUp>>;

export interface Suite {
  t: TestApp;
  /** The registered /api routes (GET standing for HEAD), from the app's own route table. */
  apiRoutes: RouteEntry[];
  close(): Promise<void>;
}

export async function startSuite(): Promise<Suite> {
  const stub = await startNominatimStub();
  const t = await buildTestApp({ config: { nominatimUrl: stub.url } });
  return {
    t,
    apiRoutes: t.app.routeTable.filter((route) => route.url.startsWith('/api/')),
    async close() {
      await t.close();
      await stub.close();
    },
  };
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Path parameters of a route pattern (`/api/:id/upload` → ['id']; a trailing wildcard is the parameter '*'). */
export const paramsOf = (url: string) => [...url.matchAll(/:(\w+)|\*$/g)].map((match) => match[1] ?? '*');
export const fillPath = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)|\*$/g, (_all, name: string | undefined) => encodeURIComponent(values[name ?? '*'] ?? ''));

/** The newest six-digit code the outbox holds for an address. */
export async function codeFor(t: TestApp, email: string): Promise<string> {
  await t.app.backgroundIdle();
  const dir = path.join(t.config.dataDir, 'outbox');
  const names = (await readdir(dir)).sort().reverse();
  for (const name of names) {
    const mail = await readFile(path.join(dir, name), 'utf8');
    const code = /^\s+(\d{6})$/m.exec(mail)?.[1];
    if (code && mail.includes(`To: ${email}`)) return code;
  }
  throw new Error(`no code for ${email}`);
}

let png: Buffer | undefined;
const smallPng = async () => (png ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } }).png().toBuffer());
let n = 0;
const freshEmail = () => `security-${Date.now()}-${n++}@example.net`;

const futureDay = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const eventFields = () => ({
  title: 'Security walk', description: 'A valid event.', address: 'Panaji, Goa', latitude: '15.4989', longitude: '73.8278',
  startDate: futureDay(7), endDate: futureDay(8), startTime: '09:00', endTime: '10:00',
});
const eventForm = async () => {
  const form = await multipart(eventFields(), [{ name: 'thumbnail', bytes: await smallPng(), filename: 'a.png', type: 'image/png' }]);
  return { payload: form.payload, headers: form.headers };
};
/**
 * The matrix fills every path parameter with the caller's user id, so an event route's own record is
 * an event made with that same id (ids of different tables never meet), owned by the caller.
 */
const eventOf = async (t: TestApp, actor: Account) => {
  await t.db.insert(schema.events).values({
    id: actor.id, createdBy: actor.id, title: 'Owned event', description: 'Mine.', startDate: futureDay(3), endDate: futureDay(3),
  }).onConflictDoNothing();
};

const needForm = {
  type: 'need', category: 'Transport', serviceName: 'Ride to the airport', description: 'Two bags, early morning.',
  phone: '+919876543210', email: 'rider@example.net', address: 'Fontainhas', city: 'Panaji', state: 'Goa', postalCode: '403001',
  latitude: '15.4989', longitude: '73.8278',
};

/**
 * A need of the actor whose id is the actor's own id: the matrix fills every path parameter with a
 * user's id, so the owner's call reaches the owner's need and another user's call (aimed at the
 * victim's id) reaches none.
 */
async function needOf(t: TestApp, actor: Account) {
  const { phone, email } = postContactOf(actor);
  await t.db.insert(schema.needs).values({
    id: actor.id, userId: actor.id, type: 'need', category: 'Transport', serviceName: 'Ride to the airport', description: 'Two bags.', phone, email,
  }).onConflictDoNothing();
}

const skillForm = async () => {
  const form = await multipart(
    { title: 'Security portraits', description: 'A valid skill.', category: 'Photography', contact: '+919876543210', email: 'skill@example.net', address: 'Panaji, Goa' },
    [{ name: 'images', bytes: await smallPng(), filename: 'a.png', type: 'image/png' }],
  );
  return { payload: form.payload, headers: form.headers };
};
/**
 * The matrix fills every path parameter with the caller's user id, so a skill route's own record is
 * a skill made with that same id (ids of different tables never meet), owned by the caller.
 */
const whisperForm = async () => {
  const form = await multipart(
    { title: 'Security sunrise', location: 'Panaji, Goa', category: 'Beach', description: 'A valid whisper.' },
    [{ name: 'images', bytes: await smallPng(), filename: 'a.png', type: 'image/png' }],
  );
  return { payload: form.payload, headers: form.headers };
};
/** A challenge whose id is the actor's own id (see eventOf): challenges have no owner. */
const challengeOf = async (t: TestApp, actor: Account) => {
  await t.db.insert(schema.challenges).values({
    id: actor.id, title: 'Security climb', description: 'Two steps.', participationSteps: ['Start', 'Finish'], badge: 'Climber', rewardTokens: 5,
  }).onConflictDoNothing();
};
/** An upcoming trip of the actor whose id is the actor's own id (see eventOf). */
const tripOf = async (t: TestApp, actor: Account) => {
  await t.db.insert(schema.trips).values({
    id: actor.id, userId: actor.id, fromPlace: 'Delhi', toPlace: 'Goa', destinationKey: 'goa', startDate: futureDay(3), endDate: futureDay(6), peopleCount: 1, budget: 500,
  }).onConflictDoNothing();
};
const tripBody = () => ({ payload: { from: 'Delhi', to: 'Panaji', startDate: futureDay(10), endDate: futureDay(12), peopleCount: 2, budget: 9000 } });
/** A whisper of the actor whose id is the actor's own id (see eventOf). */
const whisperOf = async (t: TestApp, actor: Account) => {
  await t.db.insert(schema.whispers).values({ id: actor.id, userId: actor.id, title: 'Owned whisper', description: 'Mine.' }).onConflictDoNothing();
};
/** A comment of the actor whose id is the actor's own id, on their own whisper (see eventOf). */
const commentOf = async (t: TestApp, actor: Account) => {
  await whisperOf(t, actor);
  await t.db.insert(schema.whisperComments).values({ id: actor.id, whisperId: actor.id, userId: actor.id, text: 'Owned comment' }).onConflictDoNothing();
};

const skillOf = async (t: TestApp, actor: Account) => {
  const { phone, email } = postContactOf(actor);
  await t.db.insert(schema.skills).values({
    id: actor.id, userId: actor.id, title: 'Owned skill', description: 'Mine.', category: 'Plumbing', images: ['/images/stock/skill-1.svg'], contact: phone, email,
  }).onConflictDoNothing();
};

/**
 * What an actor typed into their own need and skill to be reached: unlike their account's e-mail
 * and number, and unlike anyone else's, so the matrix can tell whose contact an answer shows.
 */
export function postContactOf(actor: Account): { phone: string; email: string } {
  const digits = BigInt(`0x${actor.id.replace(/-/g, '')}`).toString().slice(-10);
  return { phone: `+7${digits}`, email: `post-${actor.id}@contact.example.org` };
}

export interface Scenario {
  /** A valid request of `actor` on their own account or resource. */
  request(t: TestApp, actor: Account): Promise<InjectOptions>;
  /** What that request answers. */
  ok: number;
  /** The role the actor needs for `ok` (the moderation routes): the suites grant it with `grantRole`. */
  role?: 'moderator';
}

/** Gives the account a role, as `npm run moderator -- grant` does (its kept sessions forgotten: the next request has it). */
export async function grantRole(t: TestApp, actor: Account, role: 'moderator') {
  await t.db.update(schema.users).set({ role }).where(eq(schema.users.id, actor.id));
  forget(t.db, 'session');
}

/** A need of a new member (its id is the member's: see needOf), for a moderator to act on. */
const someonesNeed = async (t: TestApp) => {
  const author = await signUp(t.app);
  await needOf(t, author);
  return author.id;
};
const unsubscribeLink = (actor: Account) =>
  unsubscribeToken(TEST_JWT_SECRET, { userId: actor.id, kinds: ['message', 'like'], expiresAt: new Date(Date.now() + 86_400_000) });
/** A browser's push subscription (an endpoint on a public push service's name; nothing is sent to it here). */
export const pushSubscriptionBody = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${randomBytes(8).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};
const moderation = (request: (t: TestApp) => Promise<InjectOptions>): Scenario => ({ ok: 200, role: 'moderator', request });

/**
 * How to make a valid call of each /api route. The matrix refuses a route it has no scenario for,
 * so a new endpoint joins the suite the day it is registered (add one line here).
 */
export const scenarios: Record<string, Scenario> = {
  'POST /api/register': { ok: 201, request: async () => ({ payload: newRegistration() }) },
  'POST /api/login': { ok: 200, request: async (_t, actor) => ({ payload: { username: actor.body.username, password: actor.body.password } }) },
  'POST /api/logout': { ok: 200, request: async () => ({}) },
  'GET /api/user/:id': { ok: 200, request: async () => ({}) },
  'GET /api/notifications': { ok: 200, request: async () => ({}) },
  'PUT /api/edit-profile/:userId': { ok: 200, request: async () => ({ payload: { fullName: 'Asha Rao', bio: 'Hello', gender: 'female' } }) },
  'POST /api/:id/upload': {
    ok: 200,
    request: async () => {
      const form = await multipart({}, [{ name: 'profileImage', bytes: await smallPng(), filename: 'a.png', type: 'image/png' }]);
      return { payload: form.payload, headers: form.headers };
    },
  },
  'DELETE /api/delete-user/:userId': { ok: 200, request: async () => ({}) },
  'POST /api/change-password/:userId': {
    ok: 200,
    request: async (_t, actor) => ({ payload: { currentPassword: actor.body.password, newPassword: 'a-new-secret-88', confirmPassword: 'a-new-secret-88' } }),
  },
  'POST /api/send-email-otp': { ok: 200, request: async () => ({ payload: { newEmail: freshEmail() } }) },
  'POST /api/verify-email-otp': {
    ok: 200,
    request: async (t, actor) => {
      const newEmail = freshEmail();
      await t.app.inject({ method: 'POST', url: '/api/send-email-otp', headers: bearer(actor.token), payload: { newEmail } });
      return { payload: { newEmail, otp: await codeFor(t, newEmail) } };
    },
  },
  'POST /api/forgot-password': { ok: 200, request: async (_t, actor) => ({ payload: { email: actor.body.email } }) },
  'POST /api/forgot-password-otp': {
    ok: 200,
    request: async (t, actor) => {
      await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: actor.body.email } });
      return { payload: { email: actor.body.email, otp: await codeFor(t, actor.body.email) } };
    },
  },
  'POST /api/forgot-password/reset-password': {
    ok: 200,
    request: async (t, actor) => {
      await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: actor.body.email } });
      return { payload: { email: actor.body.email, otp: await codeFor(t, actor.body.email), newPassword: 'a-new-secret-88' } };
    },
  },
  'GET /api/geo/reverse': { ok: 200, request: async () => ({ query: { lat: '15.4989', lon: '73.8278' } }) },
  'GET /api/geo/search': { ok: 200, request: async () => ({ query: { q: 'Panaji' } }) },
  'GET /api/search': { ok: 200, request: async () => ({ query: { q: 'hostel' } }) },
  'GET /api/all-requests': { ok: 200, request: async () => ({ query: { q: 'walk', limit: '5' } }) },
  'GET /api/join-event/:id': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({})) },
  'POST /api/events/:userId': { ok: 201, request: async () => eventForm() },
  'PUT /api/events/:id': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => eventForm()) },
  'DELETE /api/events/:id': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({})) },
  'PUT /api/events/:id/rsvp': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({ payload: { status: 'going' } })) },
  'GET /api/events/:id/attendees': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({})) },
  // Signed-in: the organiser (here, on their own event) and the members going or waiting read the
  // updates; another member gets 403 (the victim's event in the matrix), a visitor 401.
  'GET /api/events/:id/updates': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({})) },
  'POST /api/events/:id/updates': { ok: 201, request: async (t, actor) => eventOf(t, actor).then(() => ({ payload: { text: 'Meet at the north gate.' } })) },
  'GET /api/events/mine': { ok: 200, request: async () => ({}) },
  'GET /api/events/:id/ics': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({})) },
  // The feed's secret is the path's one parameter, which the matrix fills with the caller's id: that is their secret here.
  'GET /api/calendar/:token.ics': {
    ok: 200,
    request: async (t, actor) => {
      await t.db.update(schema.users).set({ calendarToken: actor.id }).where(eq(schema.users.id, actor.id));
      return {};
    },
  },
  'GET /api/calendar-feed': { ok: 200, request: async () => ({}) },
  'POST /api/calendar-feed': { ok: 200, request: async () => ({}) },
  'DELETE /api/calendar-feed': { ok: 200, request: async () => ({}) },
  'GET /api/all-needs': { ok: 200, request: async () => ({ query: { type: 'need', limit: '5' } }) },
  'GET /api/singleneeds/:id': { ok: 200, request: async (t, actor) => needOf(t, actor).then(() => ({})) },
  'POST /api/create-need/:userId': {
    ok: 201,
    request: async () => {
      const form = await multipart(needForm, [{ name: 'images', bytes: await smallPng(), filename: 'a.png', type: 'image/png' }]);
      return { payload: form.payload, headers: form.headers };
    },
  },
  'PUT /api/needs/:id': {
    ok: 200,
    request: async (t, actor) => {
      await needOf(t, actor);
      const form = await multipart({ ...needForm, serviceName: 'Edited', keepImages: '[]' });
      return { payload: form.payload, headers: form.headers };
    },
  },
  'DELETE /api/needs/:id': { ok: 200, request: async (t, actor) => needOf(t, actor).then(() => ({})) },
  'GET /api/skills': { ok: 200, request: async () => ({ query: { q: 'portraits', limit: '5' } }) },
  'GET /api/skills/:id': { ok: 200, request: async (t, actor) => skillOf(t, actor).then(() => ({})) },
  'POST /api/create-skills/:userId/skills': { ok: 201, request: async () => skillForm() },
  'PUT /api/skills/:id': { ok: 200, request: async (t, actor) => skillOf(t, actor).then(() => skillForm()) },
  'DELETE /api/skills/:id': { ok: 200, request: async (t, actor) => skillOf(t, actor).then(() => ({})) },
  'GET /api/contact/need/:id': { ok: 200, request: async (t, actor) => needOf(t, actor).then(() => ({})) },
  'GET /api/contact/event/:id': { ok: 200, request: async (t, actor) => eventOf(t, actor).then(() => ({})) },
  'GET /api/contact/skill/:id': { ok: 200, request: async (t, actor) => skillOf(t, actor).then(() => ({})) },
  'GET /api/approved-whispers': { ok: 200, request: async () => ({ query: { q: 'sunrise', limit: '5' } }) },
  'GET /api/whispers/:id': { ok: 200, request: async (t, actor) => whisperOf(t, actor).then(() => ({})) },
  'GET /api/whispers/public-profile/:id': { ok: 200, request: async () => ({}) },
  'POST /api/whispers': { ok: 201, request: async () => whisperForm() },
  'PUT /api/whispers/:id': { ok: 200, request: async (t, actor) => whisperOf(t, actor).then(whisperForm) },
  'DELETE /api/whispers/:id': { ok: 200, request: async (t, actor) => whisperOf(t, actor).then(() => ({})) },
  'POST /api/whispers/:id/like': { ok: 200, request: async (t, actor) => whisperOf(t, actor).then(() => ({ payload: { userId: actor.id } })) },
  // The matrix fills the path with the caller's own id, and nobody may follow themselves: 400.
  'GET /api/whispers/:id/comments': { ok: 200, request: async (t, actor) => commentOf(t, actor).then(() => ({ query: { limit: '5' } })) },
  'POST /api/whispers/:id/comments': { ok: 201, request: async (t, actor) => whisperOf(t, actor).then(() => ({ payload: { text: 'Security comment' } })) },
  'GET /api/comments/:id/replies': { ok: 200, request: async (t, actor) => commentOf(t, actor).then(() => ({})) },
  'PATCH /api/comments/:id': { ok: 200, request: async (t, actor) => commentOf(t, actor).then(() => ({ payload: { text: 'Edited comment' } })) },
  'DELETE /api/comments/:id': { ok: 200, request: async (t, actor) => commentOf(t, actor).then(() => ({})) },
  'POST /api/whispers/:id/follow': { ok: 400, request: async () => ({ payload: {} }) },
  'POST /api/whispers/:id/unfollow': { ok: 400, request: async () => ({ payload: {} }) },
  'POST /api/friend-requests': { ok: 201, request: async (t) => ({ payload: { receiverId: (await signUp(t.app)).id } }) },
  'GET /api/friend-requests': { ok: 200, request: async () => ({}) },
  // The path names the actor's own id: a request with that id, sent to the actor by someone new.
  'POST /api/action-request/:requestId': {
    ok: 200,
    request: async (t, actor) => {
      const sender = await signUp(t.app);
      await t.db.insert(schema.friendRequests).values({ id: actor.id, senderId: sender.id, receiverId: actor.id }).onConflictDoNothing();
      return { payload: { action: 'accept', userId: actor.id } };
    },
  },
  'GET /api/my-requests/:userId': { ok: 200, request: async () => ({}) },
  'GET /api/get-challenges': { ok: 200, request: async () => ({}) },
  'GET /api/challenges/:id': { ok: 200, request: async (t, actor) => challengeOf(t, actor).then(() => ({})) },
  'POST /api/challenges/:id/join': { ok: 200, request: async (t, actor) => challengeOf(t, actor).then(() => ({ payload: { userId: actor.id } })) },
  'POST /api/challenges/:id/progress': {
    ok: 200,
    request: async (t, actor) => {
      await challengeOf(t, actor);
      await t.db.insert(schema.challengeParticipants).values({ challengeId: actor.id, userId: actor.id }).onConflictDoNothing();
      return { payload: { step: 0, done: true } };
    },
  },
  'GET /api/users/:id/joined-challenges': { ok: 200, request: async () => ({}) },
  'GET /api/messages': { ok: 200, request: async () => ({}) },
  'POST /api/send-trip-request/:userId': { ok: 201, request: async () => tripBody() },
  'GET /api/users/:id/trips': { ok: 200, request: async () => ({}) },
  'PUT /api/trips/:id': { ok: 200, request: async (t, actor) => tripOf(t, actor).then(tripBody) },
  'DELETE /api/trips/:id': { ok: 200, request: async (t, actor) => tripOf(t, actor).then(() => ({})) },
  'GET /api/companions': { ok: 200, request: async () => ({}) },
  'GET /api/map-points': { ok: 200, request: async () => ({ query: { south: '10', west: '70', north: '20', east: '80', layers: 'needs,events' } }) },
  'PUT /api/users/:id/companion-matching': { ok: 200, request: async () => ({ payload: { enabled: true } }) },
  // The path is the caller's own id: a conversation with oneself is empty, a message to oneself 400.
  'GET /api/messages/:userId': { ok: 200, request: async () => ({}) },
  'POST /api/messages/:userId': { ok: 400, request: async () => ({ payload: { content: 'Hello from the matrix' } }) },
  'POST /api/messages/:userId/read': { ok: 200, request: async () => ({}) },
  // The path is the caller's own id, which no notification has: 404.
  'POST /api/notifications/:id/read': { ok: 404, request: async () => ({}) },
  'POST /api/notifications/read-all': { ok: 200, request: async () => ({}) },
  'GET /api/notifications/preferences': { ok: 200, request: async () => ({}) },
  'PUT /api/notifications/preferences': { ok: 200, request: async () => ({ payload: [{ kind: 'like', inApp: false, email: true }] }) },
  // The unsubscribe links work without a token: the actor's own signed link (it can name no one else).
  'GET /api/notifications/unsubscribe': { ok: 200, request: async (_t, actor) => ({ query: { token: unsubscribeLink(actor) } }) },
  'POST /api/notifications/unsubscribe': {
    ok: 200,
    request: async (_t, actor) => ({
      query: { token: unsubscribeLink(actor) }, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    }),
  },
  // Push: the key is public; a device of the actor's own (an endpoint nobody else has), turned on and off.
  'GET /api/push/key': { ok: 200, request: async () => ({}) },
  'POST /api/push/subscriptions': { ok: 200, request: async () => ({ payload: pushSubscriptionBody() }) },
  'DELETE /api/push/subscriptions': { ok: 200, request: async () => ({ payload: { endpoint: pushSubscriptionBody().endpoint } }) },
  'GET /api/blocks': { ok: 200, request: async () => ({}) },
  // The path is the caller's own id, and nobody may block themselves: 400.
  'POST /api/blocks/:userId': { ok: 400, request: async () => ({}) },
  'DELETE /api/blocks/:userId': { ok: 200, request: async () => ({}) },
  'POST /api/reports': { ok: 201, request: async (t) => ({ payload: { itemType: 'user', itemId: (await signUp(t.app)).id, reason: 'spam', details: 'Matrix' } }) },
  'GET /api/moderation/reports': moderation(async () => ({})),
  'GET /api/moderation/suspensions': moderation(async () => ({})),
  'GET /api/moderation/hidden': moderation(async () => ({})),
  'GET /api/moderation/log': moderation(async () => ({})),
  'POST /api/moderation/dismiss': moderation(async (t) => ({ payload: { itemType: 'need', itemId: await someonesNeed(t) } })),
  'POST /api/moderation/hide': moderation(async (t) => ({ payload: { itemType: 'need', itemId: await someonesNeed(t), reason: 'Matrix' } })),
  'POST /api/moderation/restore': moderation(async (t) => ({ payload: { itemType: 'need', itemId: await someonesNeed(t) } })),
  'POST /api/moderation/suspend': moderation(async (t) => ({ payload: { userId: (await signUp(t.app)).id, reason: 'Matrix' } })),
  'POST /api/moderation/unsuspend': moderation(async (t) => ({ payload: { userId: (await signUp(t.app)).id } })),
  'GET /api/health': { ok: 200, request: async () => ({}) },
  'GET /api/ready': { ok: 200, request: async () => ({}) },
  // The API reference (modules/docs): the document, and Swagger UI's page, assets and copies of the document.
  'GET /api/openapi.json': { ok: 200, request: async () => ({}) },
  'GET /api/docs': { ok: 200, request: async () => ({}) },
  'HEAD /api/docs/': { ok: 200, request: async () => ({}) },
  'GET /api/docs/static/index.html': { ok: 302, request: async () => ({}) },
  'GET /api/docs/static/swagger-initializer.js': { ok: 200, request: async () => ({}) },
  'GET /api/docs/json': { ok: 200, request: async () => ({}) },
  'GET /api/docs/yaml': { ok: 200, request: async () => ({}) },
  // Like every path parameter, the wildcard is the caller's id here: no such file.
  'GET /api/docs/static/*': { ok: 404, request: async () => ({}) },
};

/**
 * The victim's own content, each record with the victim's id (the matrix aims every path parameter
 * at it): a need, an event, a skill and a whisper of theirs (with a comment of theirs on it), their part in a challenge with a step
 * ticked off, a friend request and a message they sent, so that another user's call reaches real
 * records of theirs, and the matrix sees any change to them.
 */
export async function giveVictimContent(t: TestApp, victim: Account): Promise<void> {
  await needOf(t, victim);
  await eventOf(t, victim);
  await skillOf(t, victim);
  await commentOf(t, victim);
  await challengeOf(t, victim);
  await t.db.insert(schema.challengeParticipants).values({ challengeId: victim.id, userId: victim.id, completedSteps: [0] }).onConflictDoNothing();
  const friend = await signUp(t.app);
  await t.db.insert(schema.friendRequests).values({ senderId: victim.id, receiverId: friend.id });
  await t.db.insert(schema.messages).values({ senderId: victim.id, receiverId: friend.id, content: 'Only for my friend' });
  await tripOf(t, victim);
  // A device with push on: no one else's call may take or remove it.
  await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer(victim.token), payload: pushSubscriptionBody() });
}

/** The kinds of caller that must get nowhere on a route that is not public. */
export async function badCallers(t: TestApp, victim: Account): Promise<Record<string, string | undefined>> {
  const again = async () => (await login(t.app, victim.body.username, victim.body.password, randomIp())).json().token as string;
  const revoked = await again();
  await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(revoked) });
  const expiredSession = await again();
  const claims = JSON.parse(Buffer.from(expiredSession.split('.')[1], 'base64url').toString()) as { sid: string };
  await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, claims.sid));
  const [header, payload, signature] = victim.token.split('.');
  const claimsOf = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return {
    'no token': undefined,
    'an expired token': await signToken(TEST_JWT_SECRET, { userId: victim.id, sessionId: claims.sid }, new Date(Date.now() - 60_000)),
    'an expired session': expiredSession,
    'a revoked token': revoked,
    'a tampered token': `${header}.${Buffer.from(JSON.stringify({ ...claimsOf, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`,
    'a garbage token': 'not.a.token',
  };
}

/**
 * Rows about a user that other users' own actions add: being followed, asked to be friends, sent a
 * message, told of it, blocked. Another user may add such rows, never change or remove them (the matrix
 * checks the rows before are all still there, as they were).
 */
export const ADDED_BY_OTHERS = new Set(['follows.followee_id', 'notifications.user_id', 'friend_requests.receiver_id', 'messages.receiver_id', 'blocks.blocked_id']);

/** Every row of every table that belongs to the user (by a foreign key to users, or the user row itself). */
export async function rowsOf(t: TestApp, userId: string): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of Object.values(schema) as PgTable[]) {
    const config = getTableConfig(table);
    const columns = getTableColumns(table as Table);
    const keys = config.name === 'users'
      ? [columns.id]
      : config.foreignKeys.filter((key) => getTableConfig(key.reference().foreignTable).name === 'users').flatMap((key) => key.reference().columns);
    for (const column of keys) {
      const rows = await t.db.select().from(table).where(eq(column, userId));
      // Expired sessions authorise nothing and are pruned whenever anyone signs in: not the victim's data.
      snapshot[`${config.name}.${column.name}`] = config.name === 'sessions'
        ? rows.filter((row) => (row as { expiresAt: Date }).expiresAt > new Date())
        : rows;
    }
  }
  return snapshot;
}

/** What no one but the owner may ever read of an account. */
export function privateValues(account: Account): string[] {
  return [account.body.email, account.body.contactNumber, ...secretValues(account)];
}

/** What no one at all may read: the password and any hash. */
export function secretValues(account: Account): string[] {
  return [account.body.password, '$argon2', 'password_hash', 'passwordHash', 'code_hash', 'codeHash'];
}

/**
 * The only routes that show another member what the victim typed into a post to be reached (issue
 * 32: the detail pages' Contact button, one post at a time, counted): to signed-in members only.
 * No route shows anyone but the owner the account's own e-mail or number (privateValues).
 */
export const SHOWS_POST_CONTACT = new Set(['GET /api/contact/need/:id', 'GET /api/contact/event/:id', 'GET /api/contact/skill/:id']);

/** The values of postContactOf, to look for in answers. */
export const postContactValues = (account: Account) => Object.values(postContactOf(account));

/**
 * A need, an event and a skill of `owner` that every list, the search (by `word`) and the map layer
 * (around Panaji) show, each carrying the owner's typed contact: for the check that no list or
 * search answer hands contact details out in bulk. Resolves to their ids.
 */
export async function givePublicPosts(t: TestApp, owner: Account, word: string): Promise<string[]> {
  const { phone, email } = postContactOf(owner);
  const place = { latitude: 15.4989, longitude: 73.8278 };
  const [need] = await t.db.insert(schema.needs).values({
    userId: owner.id, type: 'need', category: 'Transport', serviceName: `${word} ride`, description: `A ${word} need.`, phone, email,
    address: 'Fontainhas', city: 'Panaji', state: 'Goa', ...place,
  }).returning({ id: schema.needs.id });
  const [event] = await t.db.insert(schema.events).values({
    createdBy: owner.id, title: `${word} walk`, description: `A ${word} event.`, startDate: futureDay(2), endDate: futureDay(2), address: 'Panaji', ...place,
  }).returning({ id: schema.events.id });
  const [skill] = await t.db.insert(schema.skills).values({
    userId: owner.id, title: `${word} portraits`, description: `A ${word} skill.`, category: 'Photography', contact: phone, email, address: 'Panaji', ...place,
  }).returning({ id: schema.skills.id });
  // Written past the services: the kept list pages and searches are forgotten as a service's write would.
  boardsChanged(t.db, 'needs', 'events', 'skills');
  return [need.id, event.id, skill.id];
}

/**
 * The list, search and map reads, asked so that they include the posts of givePublicPosts (`word`
 * in the search). Every other GET route without a path parameter is checked with its scenario.
 */
export const listReads = (word: string): Record<string, Record<string, string>> => ({
  'GET /api/all-needs': { limit: '100' },
  'GET /api/all-requests': { limit: '100' },
  'GET /api/skills': { limit: '100' },
  'GET /api/search': { q: word },
  'GET /api/map-points': { south: '15', west: '73', north: '16', east: '74' },
});

// Figures go to a file the reporter (server/test/figures-reporter.cjs) prints at the end of the run.
export { recordFigures } from '../figures.js';

export { bearer, signUp };
