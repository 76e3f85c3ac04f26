import { eq } from 'drizzle-orm';
import { events, needs, skills, users } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, useAccount, type Account } from '../../test/fixtures.js';
import { TOO_MANY_CONTACT_REVEALS } from './routes.js';

// A small allowance, so the 429 comes after a few calls.
const ALLOWANCE = 4;
const t = useTestApp({ limits: { contactRevealsPerUser: ALLOWANCE } });
const author = useAccount(t, { firstName: 'Meera', lastName: 'Iyer' });
const reader = useAccount(t);

const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A need, an event and a skill of `owner`, each with what an author types to be reached (the event form has no such fields). */
async function postsOf(owner: Account) {
  const [need] = await t.db.insert(needs).values({
    userId: owner.id, type: 'need', category: 'Transport', serviceName: 'Ride to Kasol', description: 'Two bags.',
    phone: '+919811122233', email: 'ride-desk@example.org',
  }).returning({ id: needs.id });
  const [event] = await t.db.insert(events).values({
    createdBy: owner.id, title: 'Beach clean-up', description: 'Bring gloves.', startDate: futureDay(5), endDate: futureDay(5),
  }).returning({ id: events.id });
  const [skill] = await t.db.insert(skills).values({
    userId: owner.id, title: 'Portraits', description: 'At sunset.', category: 'Photography', contact: '+919822233344', email: 'studio@example.org',
  }).returning({ id: skills.id });
  return { need: need.id, event: event.id, skill: skill.id };
}

const contact = (kind: string, id: string, token?: string) => t.app.inject({ url: `/api/contact/${kind}/${id}`, headers: token ? bearer(token) : {} });

it('answers what the author typed into the post, never the account\'s own e-mail or number', async () => {
  const posts = await postsOf(author);
  const need = await contact('need', posts.need, reader.token);
  expect(need.statusCode).toBe(200);
  expect(need.json()).toEqual({ success: true, contact: { email: 'ride-desk@example.org', phone: '+919811122233' } });
  const skill = await contact('skill', posts.skill, reader.token);
  expect(skill.json()).toEqual({ success: true, contact: { email: 'studio@example.org', phone: '+919822233344' } });
  // The event form asks for no contact: an event shows the organiser's name on the page, and nothing of the account.
  const event = await contact('event', posts.event, reader.token);
  expect(event.json()).toEqual({ success: true, contact: { email: '', phone: '' } });
  for (const answer of [need, skill, event]) {
    expect(answer.body).not.toContain(author.body.email);
    expect(answer.body).not.toContain(author.body.contactNumber);
    expect(answer.headers['cache-control']).toBe('no-store');
  }
});

it('401 signed out or with a bad token, before anything is looked up', async () => {
  const posts = await postsOf(author);
  for (const kind of ['need', 'event', 'skill'] as const) {
    for (const token of [undefined, 'not.a.token']) {
      const answer = await contact(kind, posts[kind], token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthorized' });
    }
  }
});

it('404 in each board\'s words for an unknown post (and for a deactivated author\'s), 400 for a malformed id or an unknown kind', async () => {
  expect((await contact('need', UNKNOWN, reader.token)).json()).toEqual({ success: false, message: 'Need not found' });
  expect((await contact('event', UNKNOWN, reader.token)).json()).toEqual({ success: false, message: 'Event not found' });
  const skill = await contact('skill', UNKNOWN, reader.token);
  expect(skill.statusCode).toBe(404);
  expect(skill.json()).toEqual({ status: false, message: 'Skill not found' });
  expect((await contact('need', 'nope', reader.token)).statusCode).toBe(400);
  expect((await contact('whisper', UNKNOWN, reader.token)).statusCode).toBe(404);

  const goneId = (await signUp(t.app)).id;
  const [need] = await t.db.insert(needs).values({ userId: goneId, type: 'need', category: 'X', serviceName: 'Y', description: 'Z', phone: '+911234567', email: 'a@b.co' })
    .returning({ id: needs.id });
  await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, goneId));
  expect((await contact('need', need.id, reader.token)).statusCode).toBe(404);
});

it('counts per member: past the hourly allowance 429 with a clear message; others, the author and unknown posts are not held up', async () => {
  const posts = await postsOf(author);
  const member = (await signUp(t.app)).token;
  // Unknown posts count for nothing.
  expect((await contact('need', UNKNOWN, member)).statusCode).toBe(404);
  const kinds = ['need', 'event', 'skill', 'need'] as const;
  for (const kind of kinds.slice(0, ALLOWANCE)) expect((await contact(kind, posts[kind], member)).statusCode).toBe(200);
  const refused = await contact('skill', posts.skill, member);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ message: TOO_MANY_CONTACT_REVEALS });
  expect(refused.body).not.toContain('studio@example.org');
  // Every kind shares the one allowance.
  expect((await contact('event', posts.event, member)).statusCode).toBe(429);
  // Another member has an allowance of their own; the author reads their own post's contact uncounted.
  expect((await contact('skill', posts.skill, reader.token)).statusCode).toBe(200);
  for (let i = 0; i < ALLOWANCE + 2; i++) expect((await contact('need', posts.need, author.token)).statusCode).toBe(200);
});

it('404 for a post a moderator hid, or between members who blocked each other; its author still reads it', async () => {
  const owner = await signUp(t.app);
  // A reader of its own: the shared one spent its allowance above.
  const reader = await signUp(t.app);
  const posts = await postsOf(owner);
  await t.db.update(needs).set({ hiddenAt: new Date(), hiddenReason: 'Spam' }).where(eq(needs.id, posts.need));
  expect((await contact('need', posts.need, reader.token)).json()).toEqual({ success: false, message: 'Need not found' });
  expect((await contact('need', posts.need, owner.token)).statusCode).toBe(200);
  // The owner blocks the reader: neither reaches the other's posts' contact.
  expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${reader.id}`, headers: bearer(owner.token) })).statusCode).toBe(200);
  expect((await contact('skill', posts.skill, reader.token)).json()).toEqual({ status: false, message: 'Skill not found' });
  expect((await contact('event', posts.event, reader.token)).statusCode).toBe(404);
  await t.app.inject({ method: 'DELETE', url: `/api/blocks/${reader.id}`, headers: bearer(owner.token) });
  expect((await contact('skill', posts.skill, reader.token)).statusCode).toBe(200);
});
