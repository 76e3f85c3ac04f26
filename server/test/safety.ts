import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { events, needs, skills, trips, users, whispers } from '../db/schema.js';
import { forget } from '../db/cache.js';
import { boardsChanged } from '../lib/cached-reads.js';
import type { TestApp } from './build-test-app.js';
import { bearer, type Account } from './fixtures.js';

// Helpers of the block, report and moderation tests (modules/blocks, reports, moderation).

/** A word no other post has (letters only, so the search reads it as one word). */
export const uniqueWord = () => `zq${Array.from({ length: 9 }, () => String.fromCharCode(97 + randomInt(0, 26))).join('')}`;

const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface Posts { need: string; event: string; skill: string; whisper: string }

/**
 * A need, an event, a skill and a whisper by `author`, each with `word` in its name (for the search
 * and the lists' `q`) and placed at `at` (for the map layer). Written behind the services' backs,
 * so the kept pages are forgotten as a create would.
 */
export async function postAll(t: TestApp, author: Account, word: string, at = { latitude: 10 + randomInt(0, 60), longitude: 10 + randomInt(0, 60) }): Promise<Posts> {
  const [need] = await t.db.insert(needs).values({
    userId: author.id, type: 'need', category: 'Transport', serviceName: `Ride ${word}`, description: 'Two bags.', ...at,
  }).returning({ id: needs.id });
  const [event] = await t.db.insert(events).values({
    createdBy: author.id, title: `Walk ${word}`, description: 'A walk.', startDate: futureDay(3), endDate: futureDay(4), ...at,
  }).returning({ id: events.id });
  const [skill] = await t.db.insert(skills).values({
    userId: author.id, title: `Portraits ${word}`, description: 'Photos.', category: 'Photography', images: ['/images/stock/skill-1.svg'], ...at,
  }).returning({ id: skills.id });
  const [whisper] = await t.db.insert(whispers).values({ userId: author.id, title: `Sunrise ${word}`, description: 'Lovely.' }).returning({ id: whispers.id });
  boardsChanged(t.db, 'needs', 'events', 'skills', 'whispers');
  return { need: need.id, event: event.id, skill: skill.id, whisper: whisper.id };
}

/** The ids of the posts each board's list, the search and the map layer show `viewer` (undefined: a visitor) of `word` at `at`. */
export async function seen(t: TestApp, viewer: Account | undefined, word: string, at?: { latitude: number; longitude: number }) {
  const headers = viewer ? bearer(viewer.token) : {};
  const get = async (url: string) => (await t.app.inject({ url, headers })).json();
  const ids = (items: Array<{ _id: string }>) => items.map((item) => item._id);
  const search = (await get(`/api/search?q=${word}`)).data;
  const result = {
    needs: ids((await get('/api/all-needs?limit=100')).data),
    events: ids((await get(`/api/all-requests?q=${word}`)).events),
    skills: ids((await get(`/api/skills?q=${word}`)).skills),
    whispers: ids((await get(`/api/approved-whispers?q=${word}`)).whispers),
    search: [...ids(search.needs.items), ...ids(search.events.items), ...ids(search.skills.items)],
    map: [] as string[],
  };
  if (at) {
    const box = `south=${at.latitude - 0.01}&north=${at.latitude + 0.01}&west=${at.longitude - 0.01}&east=${at.longitude + 0.01}`;
    result.map = ids((await get(`/api/map-points?${box}`)).data);
  }
  return result;
}

/** Whether every one of the posts is in what `seen` found, or none of them (the need by the newest 100 of its board). */
export function shows(found: Awaited<ReturnType<typeof seen>>, posts: Posts, { map = true } = {}) {
  return {
    needs: found.needs.includes(posts.need),
    events: found.events.includes(posts.event),
    skills: found.skills.includes(posts.skill),
    whispers: found.whispers.includes(posts.whisper),
    search: [posts.need, posts.event, posts.skill].every((id) => found.search.includes(id)),
    ...(map ? { map: [posts.need, posts.event, posts.skill].every((id) => found.map.includes(id)) } : {}),
  };
}
export const all = (value: boolean, { map = true } = {}) =>
  ({ needs: value, events: value, skills: value, whispers: value, search: value, ...(map ? { map: value } : {}) });

/** The four detail answers' status codes for `viewer`. */
export async function detailStatuses(t: TestApp, viewer: Account | undefined, posts: Posts) {
  const headers = viewer ? bearer(viewer.token) : {};
  const status = async (url: string) => (await t.app.inject({ url, headers })).statusCode;
  return {
    need: await status(`/api/singleneeds/${posts.need}`),
    event: await status(`/api/join-event/${posts.event}`),
    skill: await status(`/api/skills/${posts.skill}`),
    whisper: await status(`/api/whispers/${posts.whisper}`),
  };
}

/** An upcoming trip to `place` with companion matching on, so travellers going there find each other. */
export async function travelTo(t: TestApp, who: Account, place: string) {
  await t.db.update(users).set({ companionMatching: true }).where(eq(users.id, who.id));
  await t.db.insert(trips).values({
    userId: who.id, fromPlace: 'Delhi', toPlace: place, destinationKey: place.toLowerCase(), startDate: futureDay(5), endDate: futureDay(9), peopleCount: 1, budget: 100,
  });
}

/** Gives the account the moderator role, as `npm run moderator -- grant` does; its next request sees it. */
export async function makeModerator(t: TestApp, who: Account) {
  await t.db.update(users).set({ role: 'moderator' }).where(eq(users.id, who.id));
  forget(t.db, 'session');
}
