import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { events, needs, notifications, skills, users } from '../../db/schema.js';
import { insertEvent } from '../events/service.js';
import { createNeed } from '../needs/service.js';
import { insertSkill } from '../skills/service.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, login, signUp, type Account } from '../../test/fixtures.js';
import { all, detailStatuses, makeModerator, postAll, seen, shows, travelTo, uniqueWord } from '../../test/safety.js';

// Opens a port: the suspended member's socket is real.
const t = useTestApp({ listen: true });

let moderator: Account;
beforeAll(async () => {
  moderator = await signUp(t.app);
  await makeModerator(t, moderator);
}, 60_000);

const act = (path: string, payload: Record<string, unknown>, as: Account = moderator) =>
  t.app.inject({ method: 'POST', url: `/api/moderation/${path}`, headers: bearer(as.token), payload });
const read = async (path: string) => (await t.app.inject({ url: `/api/moderation/${path}`, headers: bearer(moderator.token) })).json();
const report = (as: Account, itemType: string, itemId: string, reason = 'spam') =>
  t.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(as.token), payload: { itemType, itemId, reason } });
const NOT_FOUND = { status: false, message: 'Not found' };

const ROUTES = [
  ['GET', 'reports'], ['POST', 'dismiss'], ['POST', 'hide'], ['POST', 'restore'], ['POST', 'suspend'], ['POST', 'unsuspend'],
  ['GET', 'suspensions'], ['GET', 'hidden'], ['GET', 'log'],
] as const;

describe('who may moderate', () => {
  it('anyone but a moderator gets 404 Not found from every moderation route, before any body is read', async () => {
    const member = await signUp(t.app);
    for (const [method, path] of ROUTES) {
      for (const headers of [{}, bearer(member.token), bearer('not.a.token')]) {
        const answer = await t.app.inject({ method, url: `/api/moderation/${path}`, headers, payload: method === 'POST' ? { bad: 'body' } : undefined });
        expect([path, answer.statusCode, answer.json()]).toEqual([path, 404, NOT_FOUND]);
      }
    }
  });

  it('a moderator reads every list; the role shows in their own user object only', async () => {
    for (const path of ['reports', 'suspensions', 'hidden', 'log']) {
      const answer = await t.app.inject({ url: `/api/moderation/${path}`, headers: bearer(moderator.token) });
      expect([path, answer.statusCode, answer.json().status]).toEqual([path, 200, true]);
    }
    expect((await t.app.inject({ url: `/api/user/${moderator.id}`, headers: bearer(moderator.token) })).json().user.role).toBe('moderator');
    const member = await signUp(t.app);
    expect((await t.app.inject({ url: `/api/user/${member.id}`, headers: bearer(member.token) })).json().user.role).toBe('member');
    expect((await t.app.inject({ url: `/api/user/${moderator.id}`, headers: bearer(member.token) })).json().user.role).toBeUndefined();
  });

  it('a moderator has no more power than a member outside moderation: another member\'s whisper stays theirs', async () => {
    const author = await signUp(t.app);
    const { whisper } = await postAll(t, author, uniqueWord());
    expect((await t.app.inject({ method: 'DELETE', url: `/api/whispers/${whisper}`, headers: bearer(moderator.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/whispers/${whisper}` })).statusCode).toBe(200);
  });
});

describe('the report queue and dismissing', () => {
  it('groups open reports by item, the newest report\'s item first, with the item as members see it', async () => {
    const author = await signUp(t.app, { firstName: 'Ravi', lastName: 'Menon' });
    const word = uniqueWord();
    const posts = await postAll(t, author, word);
    const [r1, r2] = [await signUp(t.app), await signUp(t.app)];
    await report(r1, 'need', posts.need, 'scam');
    await report(r2, 'need', posts.need, 'spam');
    await report(r1, 'user', author.id, 'harassment');
    const items = (await read('reports')).items;
    expect(items.slice(0, 2).map((item: { itemType: string }) => item.itemType)).toEqual(['user', 'need']);
    const need = items[1];
    expect(need).toEqual({
      itemType: 'need',
      itemId: posts.need,
      item: {
        title: `Ride ${word}`, text: 'Two bags.', images: [], hidden: null,
        author: { id: author.id, username: author.body.username, firstName: 'Ravi', lastName: 'Menon', profileImage: '', status: 'active' },
      },
      reports: [
        { id: expect.any(String), reason: 'spam', details: '', createdAt: expect.any(String) },
        { id: expect.any(String), reason: 'scam', details: '', createdAt: expect.any(String) },
      ],
      latestAt: need.reports[0].createdAt,
    });
    expect(items[0].item).toMatchObject({ title: 'Ravi Menon', text: '' });
  });

  it('dismiss closes the item\'s open reports (the item stays); an item gone shows as null; 404 for nothing at all', async () => {
    const author = await signUp(t.app);
    const posts = await postAll(t, author, uniqueWord());
    const reporter = await signUp(t.app);
    await report(reporter, 'skill', posts.skill);
    await report(reporter, 'event', posts.event);
    expect((await act('dismiss', { itemType: 'skill', itemId: posts.skill, reason: 'Not spam' })).json()).toEqual({ status: true, message: 'Reports dismissed.' });
    const queued = (await read('reports')).items.map((item: { itemId: string }) => item.itemId);
    expect(queued).not.toContain(posts.skill);
    expect((await t.app.inject({ url: `/api/skills/${posts.skill}` })).statusCode).toBe(200);
    // The event goes (its organiser deletes it): its reports stay in the queue with item null, and can be dismissed.
    await t.app.inject({ method: 'DELETE', url: `/api/events/${posts.event}`, headers: bearer(author.token) });
    const gone = (await read('reports')).items.find((item: { itemId: string }) => item.itemId === posts.event);
    expect(gone).toMatchObject({ itemType: 'event', item: null, reports: [{ reason: 'spam' }] });
    expect((await act('dismiss', { itemType: 'event', itemId: posts.event })).statusCode).toBe(200);
    expect((await act('dismiss', { itemType: 'event', itemId: posts.event })).json()).toEqual(NOT_FOUND);
    expect((await act('dismiss', { itemType: 'whisper', itemId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await act('dismiss', { itemType: 'whisper', itemId: 'nope' })).statusCode).toBe(400);
  });
});

describe('hiding and restoring content', () => {
  it('a hidden post leaves lists, search, the map and details for everyone but its author, who is told why; restore brings it back', async () => {
    const author = await signUp(t.app);
    const word = uniqueWord();
    const at = { latitude: 33.3, longitude: -70.7 };
    const posts = await postAll(t, author, word, at);
    const member = await signUp(t.app);
    const reporter = await signUp(t.app);
    await report(reporter, 'whisper', posts.whisper);
    // Pages kept before the hiding must be forgotten by it.
    expect(shows(await seen(t, member, word, at), posts)).toEqual(all(true));
    expect(shows(await seen(t, undefined, word, at), posts)).toEqual(all(true));
    for (const itemType of ['need', 'event', 'skill', 'whisper'] as const) {
      expect((await act('hide', { itemType, itemId: posts[itemType], reason: 'Scam offer' })).json()).toEqual({ status: true, message: 'Content hidden.' });
    }
    for (const viewer of [member, undefined, author]) expect(shows(await seen(t, viewer, word, at), posts)).toEqual(all(false));
    expect(await detailStatuses(t, member, posts)).toEqual({ need: 404, event: 404, skill: 404, whisper: 404 });
    expect(await detailStatuses(t, undefined, posts)).toEqual({ need: 404, event: 404, skill: 404, whisper: 404 });
    const moderation = { hidden: true, reason: 'Scam offer' };
    const own = (url: string) => t.app.inject({ url, headers: bearer(author.token) });
    expect((await own(`/api/singleneeds/${posts.need}`)).json().need.moderation).toEqual(moderation);
    expect((await own(`/api/join-event/${posts.event}`)).json().event.moderation).toEqual(moderation);
    expect((await own(`/api/skills/${posts.skill}`)).json().moderation).toEqual(moderation);
    expect((await own(`/api/whispers/${posts.whisper}`)).json().whisper.moderation).toEqual(moderation);
    // The author's own profile lists it, told; anyone else's view of that profile does not.
    const profile = (as?: Account) => t.app.inject({ url: `/api/whispers/public-profile/${author.id}`, headers: as ? bearer(as.token) : {} });
    expect((await profile(author)).json().posts).toEqual([expect.objectContaining({ _id: posts.whisper, moderation })]);
    expect((await profile(member)).json()).toMatchObject({ posts: [], profile: { postsCount: 0 } });
    // Liking it is as if it were gone; its open reports are closed.
    expect((await t.app.inject({ method: 'POST', url: `/api/whispers/${posts.whisper}/like`, headers: bearer(member.token), payload: {} })).statusCode).toBe(404);
    expect((await read('reports')).items.map((item: { itemId: string }) => item.itemId)).not.toContain(posts.whisper);
    // The moderators' list of hidden content has them, newest first.
    const hidden = (await read('hidden')).items.slice(0, 4);
    expect(hidden.map((item: { itemType: string }) => item.itemType)).toEqual(['whisper', 'skill', 'event', 'need']);
    expect(hidden[0]).toEqual({ itemType: 'whisper', itemId: posts.whisper, title: `Sunrise ${word}`, reason: 'Scam offer', at: expect.any(String) });

    for (const itemType of ['need', 'event', 'skill', 'whisper'] as const) {
      expect((await act('restore', { itemType, itemId: posts[itemType] })).json()).toEqual({ status: true, message: 'Content restored.' });
    }
    expect(shows(await seen(t, member, word, at), posts)).toEqual(all(true));
    expect((await own(`/api/singleneeds/${posts.need}`)).json().need.moderation).toBeUndefined();
    expect((await read('hidden')).items.map((item: { itemId: string }) => item.itemId)).not.toContain(posts.need);
  });

  it('a hidden message leaves its receiver\'s conversation and inbox; its sender still sees it, told why', async () => {
    const sender = await signUp(t.app);
    const receiver = await signUp(t.app);
    const send = (content: string) => t.app.inject({ method: 'POST', url: `/api/messages/${receiver.id}`, headers: bearer(sender.token), payload: { content } });
    await send('Hello, fellow traveller');
    const bad = (await send('Send me your card number')).json().message._id as string;
    expect((await report(receiver, 'message', bad, 'scam')).statusCode).toBe(201);
    expect((await act('hide', { itemType: 'message', itemId: bad, reason: 'Scam' })).statusCode).toBe(200);
    const conversation = async (as: Account, other: Account) =>
      (await t.app.inject({ url: `/api/messages/${other.id}`, headers: bearer(as.token) })).json().messages;
    expect((await conversation(receiver, sender)).map((m: { content: string }) => m.content)).toEqual(['Hello, fellow traveller']);
    expect(await conversation(sender, receiver)).toEqual([
      expect.objectContaining({ content: 'Hello, fellow traveller' }),
      expect.objectContaining({ _id: bad, content: 'Send me your card number', moderation: { hidden: true, reason: 'Scam' } }),
    ]);
    const inbox = async (as: Account) => (await t.app.inject({ url: '/api/messages', headers: bearer(as.token) })).json();
    expect(await inbox(receiver)).toMatchObject({ unreadTotal: 1, messages: [{ content: 'Hello, fellow traveller', unreadCount: 1 }] });
    expect((await inbox(sender)).messages[0]).toMatchObject({ _id: bad });
    expect((await read('hidden')).items[0]).toMatchObject({ itemType: 'message', itemId: bad, title: 'Send me your card number' });
  });

  it('refuses a member as content (400), a missing item (404), and a reason that says nothing (400)', async () => {
    const member = await signUp(t.app);
    expect((await act('hide', { itemType: 'user', itemId: member.id, reason: 'x' })).statusCode).toBe(400);
    expect((await act('hide', { itemType: 'need', itemId: member.id, reason: 'x' })).json()).toEqual(NOT_FOUND);
    expect((await act('restore', { itemType: 'need', itemId: member.id })).json()).toEqual(NOT_FOUND);
    const { need } = await postAll(t, member, uniqueWord());
    for (const reason of ['', '   ', 'x'.repeat(501)]) expect((await act('hide', { itemType: 'need', itemId: need, reason })).statusCode).toBe(400);
    expect((await act('hide', { itemType: 'need', itemId: need })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/singleneeds/${need}` })).statusCode).toBe(200);
  });
});

describe('suspending', () => {
  it('ends the member\'s sessions and sockets, hides all they posted and their profile, closes their reports; login answers 403', async () => {
    const member = await signUp(t.app);
    const word = uniqueWord();
    const at = { latitude: -20.2, longitude: 140.4 };
    const posts = await postAll(t, member, word, at);
    const other = await signUp(t.app);
    const place = `Place ${uniqueWord()}`;
    await travelTo(t, member, place);
    await travelTo(t, other, place);
    const companions = async () => (await t.app.inject({ url: '/api/companions', headers: bearer(other.token) })).json().data.map((row: { user: { _id: string } }) => row.user._id);
    expect(await companions()).toEqual([member.id]);
    expect(shows(await seen(t, other, word, at), posts)).toEqual(all(true));
    await report(other, 'user', member.id, 'scam');

    const socket: Socket = connect(t.url, { path: '/socket.io', auth: { token: member.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
      expect((await act('suspend', { userId: member.id, reason: 'Scamming travellers', until })).json()).toEqual({ status: true, message: 'Account suspended.' });
      expect(await disconnected).toBe('io server disconnect');
      const suspended = (await read('suspensions')).users.find((row: { id: string }) => row.id === member.id);
      expect(suspended).toEqual({
        id: member.id, username: member.body.username, firstName: member.body.firstName, lastName: member.body.lastName, profileImage: '',
        reason: 'Scamming travellers', since: expect.any(String), until,
      });
    } finally {
      socket.close();
    }
    expect((await t.app.inject({ url: '/api/notifications', headers: bearer(member.token) })).statusCode).toBe(401);
    const again = await login(t.app, member.body.username, member.body.password);
    expect([again.statusCode, again.json().message]).toEqual([403, 'Your account has been deactivated. Please contact support.']);
    expect((await login(t.app, member.body.username, 'wrong-password-1')).statusCode).toBe(401);

    for (const viewer of [other, undefined]) expect(shows(await seen(t, viewer, word, at), posts)).toEqual(all(false));
    expect(await detailStatuses(t, other, posts)).toEqual({ need: 404, event: 404, skill: 404, whisper: 404 });
    for (const url of [`/api/user/${member.id}`, `/api/whispers/public-profile/${member.id}`]) {
      expect((await t.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(404);
    }
    expect(await companions()).toEqual([]);
    expect((await read('reports')).items.map((item: { itemId: string }) => item.itemId)).not.toContain(member.id);

    expect((await act('unsuspend', { userId: member.id, reason: 'Appeal accepted' })).json()).toEqual({ status: true, message: 'Suspension lifted.' });
    expect((await login(t.app, member.body.username, member.body.password)).statusCode).toBe(200);
    expect(shows(await seen(t, other, word, at), posts)).toEqual(all(true));
    expect(await companions()).toEqual([member.id]);
    expect((await read('suspensions')).users.map((row: { id: string }) => row.id)).not.toContain(member.id);
  });

  it('a need, event or skill stored for an author already suspended (a request in flight) is marked so: the map and search leave it out', async () => {
    const member = await signUp(t.app);
    expect((await act('suspend', { userId: member.id, reason: 'Spam' })).statusCode).toBe(200);
    const word = uniqueWord();
    const at = { latitude: -33.3, longitude: -70.7 };
    const futureDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    // Through the services, as the create routes store them once their checks passed.
    const need = await createNeed(t.db, member.id, {
      type: 'need', category: 'Transport', serviceName: `Ride ${word}`, description: 'Two bags.', address: '', city: '', state: '', postalCode: '', phone: '', email: '', ...at,
    }, []);
    const eventId = randomUUID();
    await insertEvent(t.db, eventId, member.id, {
      title: `Walk ${word}`, description: 'A walk.', address: '', startDate: futureDay(3), endDate: futureDay(4), timeFrom: '', timeTo: '', ...at,
    }, '/images/stock/event-1.svg');
    const skillId = randomUUID();
    await insertSkill(t.db, skillId, member.id, {
      title: `Portraits ${word}`, description: 'Photos.', category: 'Photography', customCategory: '', contact: '', email: '', address: '',
    }, ['/images/stock/skill-1.svg'], []);
    await t.db.update(skills).set(at).where(eq(skills.id, skillId)); // as its background geocoding would
    const ids = [need.id, eventId, skillId];
    const rows = [
      ...await t.db.select({ flag: needs.authorSuspended }).from(needs).where(eq(needs.id, need.id)),
      ...await t.db.select({ flag: events.authorSuspended }).from(events).where(eq(events.id, eventId)),
      ...await t.db.select({ flag: skills.authorSuspended }).from(skills).where(eq(skills.id, skillId)),
    ];
    expect(rows).toEqual([{ flag: true }, { flag: true }, { flag: true }]);
    for (const viewer of [await signUp(t.app), undefined]) {
      const found = await seen(t, viewer, word, at);
      expect(ids.filter((id) => found.map.includes(id) || found.search.includes(id))).toEqual([]);
    }
    // Lifted: they come back, as the rows stored before the suspension do.
    expect((await act('unsuspend', { userId: member.id })).statusCode).toBe(200);
    const back = await seen(t, undefined, word, at);
    expect([ids.every((id) => back.map.includes(id)), ids.every((id) => back.search.includes(id))]).toEqual([true, true]);
    // And one stored for an active author is not marked.
    const [fresh] = await t.db.select({ flag: needs.authorSuspended }).from(needs).where(eq(needs.id, (await createNeed(t.db, member.id, {
      type: 'need', category: 'Transport', serviceName: `Ride ${word}`, description: 'Again.', address: '', city: '', state: '', postalCode: '', phone: '', email: '', ...at,
    }, [])).id));
    expect(fresh).toEqual({ flag: false });
  });

  it('a suspension whose end has passed is lifted at the next login, and what they posted comes back', async () => {
    const member = await signUp(t.app);
    const word = uniqueWord();
    const at = { latitude: 5.5, longitude: 5.5 };
    const posts = await postAll(t, member, word, at);
    expect((await act('suspend', { userId: member.id, reason: 'Cooling off', until: new Date(Date.now() + 60_000).toISOString() })).statusCode).toBe(200);
    expect((await login(t.app, member.body.username, member.body.password)).statusCode).toBe(403);
    expect(shows(await seen(t, undefined, word, at), posts)).toEqual(all(false));
    await t.db.update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, member.id));
    const back = await login(t.app, member.body.username, member.body.password);
    expect(back.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ status: 'active', suspensionReason: null, suspendedUntil: null });
    expect((await t.app.inject({ url: `/api/user/${member.id}` })).statusCode).toBe(200);
    expect(shows(await seen(t, undefined, word, at), posts)).toEqual(all(true));
  });

  it('refuses oneself (400), an end in the past (400), a missing reason (400) and an unknown member (404)', async () => {
    const self = await act('suspend', { userId: moderator.id, reason: 'x' });
    expect([self.statusCode, self.json()]).toEqual([400, { status: false, message: 'You cannot suspend yourself.' }]);
    const member = await signUp(t.app);
    expect((await act('suspend', { userId: member.id, reason: 'x', until: new Date(Date.now() - 60_000).toISOString() })).statusCode).toBe(400);
    expect((await act('suspend', { userId: member.id, reason: 'x', until: 'next week' })).statusCode).toBe(400);
    expect((await act('suspend', { userId: member.id, reason: ' ' })).statusCode).toBe(400);
    expect((await act('suspend', { userId: '00000000-0000-4000-8000-000000000000', reason: 'x' })).json()).toEqual(NOT_FOUND);
    expect((await act('unsuspend', { userId: '00000000-0000-4000-8000-000000000000' })).json()).toEqual(NOT_FOUND);
    expect((await login(t.app, member.body.username, member.body.password)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('keeps every action: who, what, on which item, why and when, newest first', async () => {
    const second = await signUp(t.app);
    await makeModerator(t, second);
    const member = await signUp(t.app);
    const { whisper } = await postAll(t, member, uniqueWord());
    await act('hide', { itemType: 'whisper', itemId: whisper, reason: 'Spam link' });
    await act('restore', { itemType: 'whisper', itemId: whisper, reason: 'Was fine' }, second);
    await act('dismiss', { itemType: 'whisper', itemId: whisper });
    await act('suspend', { userId: member.id, reason: 'Spam' }, second);
    await act('unsuspend', { userId: member.id });
    const log = (await read('log')).actions;
    expect(log.slice(0, 5)).toEqual([
      { id: expect.any(String), action: 'unsuspend', itemType: 'user', itemId: member.id, reason: '', createdAt: expect.any(String), moderator: { id: moderator.id, username: moderator.body.username } },
      { id: expect.any(String), action: 'suspend', itemType: 'user', itemId: member.id, reason: 'Spam', createdAt: expect.any(String), moderator: { id: second.id, username: second.body.username } },
      { id: expect.any(String), action: 'dismiss', itemType: 'whisper', itemId: whisper, reason: '', createdAt: expect.any(String), moderator: { id: moderator.id, username: moderator.body.username } },
      { id: expect.any(String), action: 'restore', itemType: 'whisper', itemId: whisper, reason: 'Was fine', createdAt: expect.any(String), moderator: { id: second.id, username: second.body.username } },
      { id: expect.any(String), action: 'hide', itemType: 'whisper', itemId: whisper, reason: 'Spam link', createdAt: expect.any(String), moderator: { id: moderator.id, username: moderator.body.username } },
    ]);
    expect(new Date(log[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(log[4].createdAt).getTime());
  });
});

describe('the author is told of each decision (notifications of kind moderation)', () => {
  const notificationsOf = async (who: Account) => {
    const answer = await t.app.inject({ url: '/api/notifications', headers: bearer(who.token) });
    return (answer.json().data as Array<{ kind: string; title: string; body: string; link: string }>)
      .filter((item) => item.kind === 'moderation').map(({ kind, title, body, link }) => ({ kind, title, body, link }));
  };

  it('hiding tells the author why and links to the item; restoring tells them it is back', async () => {
    const author = await signUp(t.app);
    const word = uniqueWord();
    const { whisper } = await postAll(t, author, word);
    await act('hide', { itemType: 'whisper', itemId: whisper, reason: 'Shares a phone number' });
    await act('restore', { itemType: 'whisper', itemId: whisper });
    const [restored, hidden] = await notificationsOf(author);
    expect(hidden).toEqual({
      kind: 'moderation', title: 'Your whisper was hidden', link: `/whispers/whisper-detail/${whisper}`,
      body: expect.stringMatching(/^Moderators hid your whisper ".+"\. Reason: Shares a phone number$/),
    });
    expect(restored).toEqual({
      kind: 'moderation', title: 'Your whisper is shown again', link: `/whispers/whisper-detail/${whisper}`, body: expect.stringMatching(/^Moderators restored your whisper ".+"\.$/),
    });
  });

  it('a hidden message links to its conversation; the author of a suspended account is told why and until when', async () => {
    const [sender, receiver] = [await signUp(t.app), await signUp(t.app)];
    const sent = await t.app.inject({ method: 'POST', url: `/api/messages/${receiver.id}`, headers: bearer(sender.token), payload: { content: 'Send me your passport number' } });
    await act('hide', { itemType: 'message', itemId: sent.json().message._id, reason: 'Scam' });
    expect(await notificationsOf(sender)).toEqual([{
      kind: 'moderation', title: 'Your message was hidden', link: `/messages/${receiver.id}`, body: 'Moderators hid your message "Send me your passport number". Reason: Scam',
    }]);
    const until = new Date(Date.now() + 86_400_000);
    await act('suspend', { userId: sender.id, reason: 'Scamming travellers', until: until.toISOString() });
    const [row] = await t.db.select().from(notifications).where(and(eq(notifications.userId, sender.id), eq(notifications.title, 'Your account was suspended')));
    expect(row).toMatchObject({
      kind: 'moderation', email: true,
      body: `Moderators suspended your account until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC. Reason: Scamming travellers`,
    });
  });
});
