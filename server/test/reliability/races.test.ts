/**
 * Races (issue 34): 1,000 mixed operations fired at one built server process (the production
 * bundle, scripts/scale-stack.mjs `serverInstance`) with real concurrency, on embedded PGlite and on
 * a PostgreSQL server, then the invariants checked against the database's rows and what the API
 * shows. Operations that race on purpose are sent together, as a group, all at once (several groups
 * in flight at a time): likes toggled by many members (and by one member several times at once;
 * one like sent with one Idempotency-Key by two clients at once is one toggle),
 * follows and unfollows of the same members, challenge joins (twice at once too) and every step of a
 * challenge ticked off twice at once, a friend request accepted and rejected at once, requests sent
 * both ways at once, duplicate registrations (the same username, e-mail or contact number, in
 * different case where the product ignores case), one Idempotency-Key sent by two clients (two
 * sessions, two connections) of one member on each create that takes one, edits against deletes of
 * the same need or whisper, and edits against edits.
 *
 * Invariants (none may fail, and no answer may be a 5xx): every count the API shows equals the rows
 * it counts (likes, followers and following, participants, pending requests, unread notifications);
 * n toggles of one like are n toggles; one badge and one payout per finished challenge; one answer
 * wins an accept-against-reject and the row says which; one friendship per pair and never an
 * accepted and a pending request together; one account per username, e-mail (both case-insensitive)
 * and contact number; one record per Idempotency-Key; no row, list entry, search hit or upload left
 * of a deleted post, no upload that no row names and no row naming a missing upload; an edit that
 * lost to a delete answers 404; an image an answered edit added is not lost to another edit.
 *
 * Rate limits are lifted (LIMIT_*): this is about races, not limits. Nothing is skipped: without
 * PostgreSQL's binaries the suite fails, saying so.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../bench/free-port.mjs';
import { missingBinaries, serverInstance, startPostgres, type ScaleInstance } from '../../../scripts/scale-stack.mjs';
import { recordFigures } from '../figures.js';
import { newRegistration } from '../fixtures.js';
import {
  Client, eventForm, inPool, logIn, needForm, needJson, pgliteSql, postgresSql, signUp, skillForm, tripBody, uniqueWord, whisperForm,
  type Answer, type Json, type Member, type Sql,
} from './races-clients.js';

jest.setTimeout(180_000);

const root = path.join(__dirname, '..', '..', '..');
const OPERATIONS = 1000;
/** Groups in flight at once (each sends all its requests together): about 60 to 100 requests. */
const GROUPS_AT_ONCE = 30;
const MEMBERS = 40;

const KINDS = ['like', 'follow', 'unfollow', 'join', 'progress', 'accept', 'reject', 'friend-request', 'register', 'idempotent-create', 'edit', 'delete', 'read'] as const;
type Kind = typeof KINDS[number];

/** What each kind may answer; anything else (a 5xx above all) is a violation. */
const ALLOWED: Record<Kind, number[]> = {
  like: [200],
  follow: [200],
  unfollow: [200],
  join: [200],
  progress: [200],
  // Of an accept and a reject of one request exactly one wins (checked per group); the others find it answered.
  accept: [200, 409],
  reject: [200, 409],
  // Requests both ways at once: one is sent, the others find it pending.
  'friend-request': [201, 409],
  // One registration of a group wins; the others find the name, e-mail or number taken.
  register: [201, 409],
  // The first client's create, and the other's replay of it (201) or "still being processed" (409).
  'idempotent-create': [201, 409],
  // An edit that lost to a delete answers 404; a whisper edit whose kept image another edit dropped, 409.
  edit: [200, 404, 409],
  delete: [200],
  read: [200],
};

interface Op {
  kind: Kind;
  send: () => Promise<Answer>;
  /** What this one may answer, when not its kind's ALLOWED (a like of a whisper being deleted may find it gone). */
  allowed?: number[];
  answer?: Answer;
  /** A request that got no answer (the connection failed). */
  failed?: string;
}
const op = (kind: Kind, send: () => Promise<Answer>, allowed?: number[]): Op => ({ kind, send, allowed });

/** The boards whose posts are edited and deleted: where a post is created, edited, deleted and read, and its answer's field. */
const BOARDS = {
  needs: { create: (m: Member) => `/api/create-need/${m.id}`, form: needForm, field: 'need', item: (id: string) => `/api/needs/${id}`, single: (id: string) => `/api/singleneeds/${id}` },
  whispers: { create: () => '/api/whispers', form: (title: string) => whisperForm(title), field: 'whisper', item: (id: string) => `/api/whispers/${id}`, single: (id: string) => `/api/whispers/${id}` },
  skills: { create: (m: Member) => `/api/create-skills/${m.id}/skills`, form: skillForm, field: 'skill', item: (id: string) => `/api/skills/${id}`, single: (id: string) => `/api/skills/${id}` },
};
type Board = keyof typeof BOARDS;
/** The post in an answer: wrapped in the board's field, except GET /api/skills/:id, which answers the skill itself. */
const postIn = (board: Board, json: Json) => json?.[BOARDS[board].field] ?? json;

/** The database a run uses, and the environment its server process gets. */
interface Target {
  name: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  sql: Sql;
  stop(): void;
}

const dirs: string[] = [];
const instances: ScaleInstance[] = [];
const stops: Array<() => void> = [];
afterAll(async () => {
  for (const instance of instances) await instance.stop('SIGKILL').catch(() => undefined);
  for (const stop of stops) stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function target(name: Target['name'], dataDir: string): Promise<Target> {
  if (name === 'PGlite') return { name, env: {}, sql: pgliteSql(dataDir), stop: () => undefined };
  const missing = missingBinaries({ nginx: false }).filter((line) => line.startsWith('PostgreSQL'));
  if (missing.length > 0) throw new Error(`the races suite cannot run on PostgreSQL: missing ${missing.join('; ')}.`);
  // PostgreSQL runs as its own user under it (scale-stack's startPostgres, when this runs as root).
  chmodSync(dataDir, 0o755);
  const postgres = await startPostgres(dataDir);
  stops.push(() => postgres.stop());
  const url = `${postgres.url}/postgres`;
  return { name, env: { DATABASE_URL: url }, sql: postgresSql(url), stop: () => postgres.stop() };
}

/** Every file under the uploads directory, as the `/uploads/...` path rows name it. */
function uploadedFiles(dir: string, prefix = '/uploads'): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? uploadedFiles(full, `${prefix}/${name}`) : [`${prefix}/${name}`];
  });
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
const count = <T>(list: readonly T[], test: (item: T) => boolean) => list.filter(test).length;
const statusOf = (o: Op) => o.answer?.status;
const sameSet = (a: Iterable<string>, b: Iterable<string>) => {
  const left = [...new Set(a)].sort();
  const right = [...new Set(b)].sort();
  return left.length === right.length && left.every((value, i) => value === right[i]);
};

async function races(name: Target['name']) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ns-races-${name.toLowerCase()}-`));
  dirs.push(dataDir);
  const db = await target(name, dataDir);
  const port = (await freePort()) as number;
  const server = serverInstance(root, {
    ...db.env, DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', NOMINATIM_URL: 'http://127.0.0.1:9',
    JWT_SECRET: 'races-suite-secret-races-suite-secret-0123456789',
    LIMIT_API_PER_MINUTE: '1000000', LIMIT_LOGINS_PER_MINUTE: '1000000', LIMIT_REGISTRATIONS_PER_HOUR: '1000000',
    LIMIT_UPLOADS_PER_HOUR: '1000000', LIMIT_GEOCODING_PER_MINUTE: '1000000',
  }, port);
  instances.push(server);
  await server.start();
  // Two clients: a member's second device is the second one (its own connections, its own session).
  const one = new Client(server.url);
  const two = new Client(server.url);
  const violations: string[] = [];
  const violation = (text: string) => violations.push(text);

  // --- the members and what the operations race on ------------------------------------------------
  const members: Array<Member & { token2: string }> = await inPool(Array.from({ length: MEMBERS }, () => async () => {
    const member = await signUp(one);
    return { ...member, token2: await logIn(two, member.username) };
  }), 8);
  const expectStatus = async (what: string, sent: Promise<Answer>, status: number) => {
    const answer = await sent;
    if (answer.status !== status) throw new Error(`setup: ${what} answered ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json as Json;
  };

  // Whispers the likes go to.
  const liked = await inPool(members.slice(0, 6).map((m, i) => () =>
    expectStatus('a whisper', one.request('POST', '/api/whispers', { token: m.token, form: whisperForm(`Liked whisper ${i}`) }), 201)), 6);
  const likedIds = liked.map((answer) => answer.whisper._id as string);

  // Members 10-19 follow two of members 0-4 each, so that unfollows have follows to end.
  const followed = members.slice(0, 5);
  const followers = members.slice(5);
  const followedBefore = new Set<string>();
  await inPool(members.slice(10, 20).flatMap((m, i) => [followed[i % 5], followed[(i + 1) % 5]].map((f) => async () => {
    await expectStatus('a follow', one.request('POST', `/api/whispers/${f.id}/follow`, { token: m.token, json: {} }), 200);
    followedBefore.add(`${m.id}>${f.id}`);
  })), 8);

  // The challenges (the demo's); members 0-9 join the two nobody has joined, whose steps they tick off.
  const challenges = (await expectStatus('the challenges', one.request('GET', '/api/get-challenges'), 200)).data as Json[];
  const stepped = challenges.filter((c) => c.participants.length === 0 && c.participationSteps.length >= 3).slice(0, 2);
  if (stepped.length < 2 || challenges.length < 3) throw new Error('setup: the demo seed has no two challenges without participants');
  const steppers = members.slice(0, 10);
  await inPool(steppers.flatMap((m) => stepped.map((c) => () =>
    expectStatus('a join', one.request('POST', `/api/challenges/${c._id}/join`, { token: m.token, json: {} }), 200))), 8);

  // Pending friend requests: member 2i asked member 2i+1.
  const requestPairs = await inPool(Array.from({ length: MEMBERS / 2 }, (_, i) => async () => {
    const [sender, receiver] = [members[2 * i], members[2 * i + 1]];
    const sent = await expectStatus('a friend request', one.request('POST', '/api/friend-requests', { token: sender.token, json: { receiverId: receiver.id } }), 201);
    return { sender, receiver, requestId: sent.request._id as string };
  }), 8);

  // Posts to edit and delete at once (members 20-35, one need and one whisper each, every other one
  // with an image), and posts two edits race on (members 36-39 and 20, a need, a whisper and a
  // skill each, one image each).
  const deletedWord = uniqueWord();
  const editedWord = uniqueWord();
  type Post = { board: Board; id: string; owner: Member & { token2: string }; images: string[] };
  const createPost = async (board: Board, owner: Post['owner'], title: string, images: number): Promise<Post> => {
    const answer = await expectStatus(`a post on ${board}`, one.request('POST', BOARDS[board].create(owner), { token: owner.token, form: BOARDS[board].form(title), images }), 201);
    const created = postIn(board, answer);
    return { board, id: created._id, owner, images: created.images };
  };
  const doomed = await inPool(members.slice(20, 36).flatMap((m, i) => (['needs', 'whispers'] as const).map((board) => () =>
    createPost(board, m, `Ride ${deletedWord} ${i}`, i % 2))), 8);
  const edited = await inPool([...members.slice(36, 40), members[20]].flatMap((m, i) => (['needs', 'whispers', 'skills'] as const).map((board) => () =>
    createPost(board, m, `Stay ${editedWord} ${i}`, 1))), 8);

  // --- the operations, in groups that race --------------------------------------------------------
  const groups: Op[][] = [];
  const send = (client: Client, method: string, url: string, options: Parameters<Client['request']>[2]) => () => client.request(method, url, options);

  // Follows: 5 members, each followed and unfollowed by 10 others at once, four times over.
  const followOps: Array<{ o: Op; follower: string; followee: string }> = [];
  for (const f of followed) {
    for (let g = 0; g < 4; g++) {
      groups.push(Array.from({ length: 10 }, () => {
        const m = pick(followers);
        const action = Math.random() < 0.5 ? 'follow' : 'unfollow';
        const o = op(action, send(pick([one, two]), 'POST', `/api/whispers/${f.id}/${action}`, { token: m.token, json: {} }));
        followOps.push({ o, follower: m.id, followee: f.id });
        return o;
      }));
    }
  }

  // Joins: every challenge joined by 8 of members 20-39 at once (a member twice at once, often), twice.
  const joinOps: Array<{ o: Op; user: string; challenge: string }> = [];
  for (const c of challenges.slice(0, 5)) {
    for (let g = 0; g < 2; g++) {
      groups.push(Array.from({ length: 8 }, () => {
        const m = pick(members.slice(20));
        const o = op('join', send(pick([one, two]), 'POST', `/api/challenges/${c._id}/join`, { token: m.token, json: { userId: m.id } }));
        joinOps.push({ o, user: m.id, challenge: c._id });
        return o;
      }));
    }
  }

  // Progress: each of members 0-9 ticks off every step of both challenges, each step twice, all at once.
  const stepOps: Array<{ o: Op; user: string; challenge: string }> = [];
  for (const m of steppers) {
    for (const c of stepped) {
      groups.push(c.participationSteps.flatMap((_: string, step: number) => [one, two].map((client) => {
        const o = op('progress', send(client, 'POST', `/api/challenges/${c._id}/progress`, { token: client === one ? m.token : m.token2, json: { step, done: true } }));
        stepOps.push({ o, user: m.id, challenge: c._id });
        return o;
      })));
    }
  }

  // A friend request accepted and rejected at once by its receiver (from two devices; every other
  // time a second accept too), while the receiver also asks the sender: that request may only be
  // made once the first one was rejected (never beside a friendship or a pending request).
  const answerGroups = requestPairs.map(({ sender, receiver, requestId }, i) => {
    const actions: Array<'accept' | 'reject'> = i % 2 ? ['accept', 'reject', 'accept'] : ['reject', 'accept'];
    const ops = actions.map((action, j) => op(action, send(j % 2 ? two : one, 'POST', `/api/action-request/${requestId}`, {
      token: j % 2 ? receiver.token2 : receiver.token, json: { action },
    })));
    const asked = op('friend-request', send(one, 'POST', '/api/friend-requests', { token: receiver.token, json: { receiverId: sender.id } }));
    groups.push([...ops, asked]);
    return { requestId, ops, asked };
  });

  // Friend requests both ways at once (members i and i+20), one of them twice.
  const bothWays = Array.from({ length: 15 }, (_, i) => {
    const [a, b] = [members[i], members[i + 20]];
    const ops = [
      op('friend-request', send(one, 'POST', '/api/friend-requests', { token: a.token, json: { receiverId: b.id } })),
      op('friend-request', send(two, 'POST', '/api/friend-requests', { token: b.token2, json: { receiverId: a.id } })),
      op('friend-request', send(two, 'POST', '/api/friend-requests', { token: a.token2, json: { receiverId: b.id } })),
    ];
    groups.push(ops);
    return { a, b, ops };
  });

  // Duplicate registrations: three at once with the same username (in three cases), e-mail (three
  // cases: the product keeps e-mails lower-cased and unique case-insensitively) or contact number.
  const registrations = Array.from({ length: 20 }, (_, i) => {
    const same = (['username', 'email', 'contactNumber'] as const)[i % 3];
    const base = newRegistration();
    const variants = (value: string) => [value, value.toUpperCase(), value[0].toUpperCase() + value.slice(1)];
    const values = same === 'contactNumber' ? [base.contactNumber, base.contactNumber, base.contactNumber] : variants(base[same]);
    const bodies = values.map((value, j) => (j === 0 ? base : { ...newRegistration(), [same]: value }));
    const ops = bodies.map((body, j) => op('register', send(j % 2 ? two : one, 'POST', '/api/register', { json: body })));
    groups.push(ops);
    const taken = { username: 'Username already taken', email: 'Email already in use', contactNumber: 'Contact number already used' }[same];
    return { same, value: String(values[0]).toLowerCase(), ops, taken };
  });

  // One Idempotency-Key from two clients (two sessions) of one member at once, on every create that takes one.
  const creates = {
    needs: (marker: string) => ({ url: (m: Member) => `/api/create-need/${m.id}`, body: { json: needJson(marker) }, answer: 'need' }),
    whispers: (marker: string) => ({ url: () => '/api/whispers', body: { form: whisperForm(marker), images: 1 }, answer: 'whisper' }),
    events: (marker: string) => ({ url: (m: Member) => `/api/events/${m.id}`, body: { form: eventForm(marker), images: 1, imageField: 'thumbnail' }, answer: 'event' }),
    skills: (marker: string) => ({ url: (m: Member) => `/api/create-skills/${m.id}/skills`, body: { form: skillForm(marker), images: 1 }, answer: 'skill' }),
    trips: (marker: string) => ({ url: (m: Member) => `/api/send-trip-request/${m.id}`, body: { json: tripBody(marker) }, answer: 'trip' }),
  };
  const keyed = (Object.keys(creates) as Array<keyof typeof creates>).flatMap((board, b) => Array.from({ length: 6 }, (_, i) => {
    const m = members[30 + ((b * 6 + i) % 10)];
    const key = `race-${randomBytes(8).toString('hex')}`;
    const marker = `Idem ${uniqueWord()}`;
    const create = creates[board](marker);
    const ops = [one, two].map((client) => op('idempotent-create', send(client, 'POST', create.url(m), {
      ...create.body, token: client === one ? m.token : m.token2, headers: { 'idempotency-key': key },
    })));
    groups.push(ops);
    return { board, member: m, key, marker, field: create.answer, ops };
  }));

  // Edits against a delete of the same post (every other time two edits); each edit adds an image.
  // A whisper is also liked meanwhile (the like finds it, or answers 404).
  const editOf = (post: Post, client: Client, title: string) => op('edit', send(client, 'PUT', BOARDS[post.board].item(post.id), {
    token: client === one ? post.owner.token : post.owner.token2, form: BOARDS[post.board].form(title), images: 1,
  }));
  const editDelete = doomed.map((post, i) => {
    const edits = Array.from({ length: 1 + (i % 2) }, (_, j) => editOf(post, j ? one : two, `Ride ${deletedWord} edited ${i}`));
    const removal = op('delete', send(one, 'DELETE', BOARDS[post.board].item(post.id), { token: post.owner.token }));
    const likes = post.board === 'whispers' ? [op('like', send(two, 'POST', `/api/whispers/${post.id}/like`, { token: pick(members).token, json: {} }), [200, 404])] : [];
    groups.push(shuffle([...edits, removal, ...likes]));
    return { post, edits, removal };
  });

  // Two edits of one post at once, neither naming the images to keep (all stay) and each adding one.
  const editEdit = edited.map((post, i) => {
    const edits = [one, two].map((client) => editOf(post, client, `Stay ${editedWord} edited ${i}`));
    groups.push(edits);
    return { post, edits };
  });

  // Reads of what the writes change, among them (a list kept in memory must not keep a stale page).
  const reads = [
    () => send(one, 'GET', '/api/approved-whispers?limit=100', {}),
    () => send(one, 'GET', '/api/get-challenges', {}),
    () => send(one, 'GET', `/api/whispers/public-profile/${pick(followed).id}`, {}),
    () => send(one, 'GET', `/api/whispers/${pick(likedIds)}`, {}),
    () => send(one, 'GET', '/api/all-needs?limit=100', {}),
  ];
  for (let i = 0; i < 40; i++) groups.push([op('read', reads[i % reads.length]())]);

  // One like sent with one Idempotency-Key by two clients of a member at once (a retry that did not
  // wait), among plain toggles of the same whisper: it is one toggle, the other answer its replay.
  const likeOps: Array<{ o: Op; user: string; whisper: string; keyed?: boolean }> = [];
  const keyedLikes = Array.from({ length: 10 }, () => {
    const whisper = pick(likedIds);
    const [m, other] = shuffle([...members]).slice(0, 2);
    const key = `like-${randomBytes(8).toString('hex')}`;
    const pair = [one, two].map((client) => op('like', send(client, 'POST', `/api/whispers/${whisper}/like`, {
      token: client === one ? m.token : m.token2, json: {}, headers: { 'idempotency-key': key },
    }), [200, 409]));
    const plain = [op('like', send(one, 'POST', `/api/whispers/${whisper}/like`, { token: other.token, json: {} })), op('like', send(two, 'POST', `/api/whispers/${whisper}/like`, { token: m.token, json: {} }))];
    for (const o of pair) likeOps.push({ o, user: m.id, whisper, keyed: true });
    likeOps.push({ o: plain[0], user: other.id, whisper }, { o: plain[1], user: m.id, whisper });
    groups.push(shuffle([...pair, ...plain]));
    return { key, pair };
  });

  // Likes fill the thousand: toggles of one whisper by 10 members at once, drawn from 8 (so one
  // member's toggles often race each other).
  let planned = groups.reduce((sum, g) => sum + g.length, 0);
  while (planned < OPERATIONS) {
    const whisper = pick(likedIds);
    const clickers = shuffle([...members]).slice(0, 8);
    const size = Math.min(10, OPERATIONS - planned);
    groups.push(Array.from({ length: size }, () => {
      const m = pick(clickers);
      const o = op('like', send(pick([one, two]), 'POST', `/api/whispers/${whisper}/like`, { token: m.token, json: {} }));
      likeOps.push({ o, user: m.id, whisper });
      return o;
    }));
    planned += size;
  }

  // --- fire -----------------------------------------------------------------------------------
  shuffle(groups);
  const ops = groups.flat();
  expect(ops).toHaveLength(OPERATIONS);
  const started = Date.now();
  await inPool(groups.map((group) => () => Promise.all(group.map(async (o) => {
    try {
      o.answer = await o.send();
    } catch (error) {
      o.failed = String(error);
    }
  }))), GROUPS_AT_ONCE);
  const mixMs = Date.now() - started;

  for (const o of ops) {
    if (o.failed) violation(`${o.kind}: no answer (${o.failed})`);
    else if (!(o.allowed ?? ALLOWED[o.kind]).includes(o.answer!.status)) violation(`${o.kind}: answered ${o.answer!.status} ${JSON.stringify(o.answer!.json)}`);
  }
  const fiveHundreds = count(ops, (o) => (statusOf(o) ?? 0) >= 500);

  // --- what the answers say ---------------------------------------------------------------------
  // Likes: n toggles of one member's like are n toggles, taking turns: ceil(n/2) answered liked.
  // A keyed like counts once: its first answer; a replay of it (or a 409 while it ran) toggles nothing.
  const replayed = (o: Op) => o.answer?.headers['idempotent-replayed'] === 'true';
  for (const { key, pair } of keyedLikes) {
    const fresh = pair.filter((o) => statusOf(o) === 200 && !replayed(o));
    const replays = pair.filter(replayed);
    if (fresh.length !== 1 || replays.some((o) => o.answer!.json?.liked !== fresh[0]?.answer!.json?.liked)) {
      violation(`like with Idempotency-Key ${key}: ${pair.map((o) => `${statusOf(o)}${replayed(o) ? ' (replayed)' : ''} liked ${o.answer?.json?.liked}`).join(', ')}`);
    }
  }
  const likesByPair = new Map<string, Op[]>();
  for (const { o, user, whisper, keyed } of likeOps) {
    if (keyed && (statusOf(o) !== 200 || replayed(o))) continue;
    likesByPair.set(`${whisper}|${user}`, [...(likesByPair.get(`${whisper}|${user}`) ?? []), o]);
  }
  const expectedLikes = new Map<string, Set<string>>(likedIds.map((id) => [id, new Set()]));
  for (const [pair, toggles] of likesByPair) {
    const [whisper, user] = pair.split('|');
    const likedAnswers = count(toggles, (o) => o.answer?.json?.liked === true);
    if (likedAnswers !== Math.ceil(toggles.length / 2)) violation(`like ${pair}: ${toggles.length} toggles, ${likedAnswers} answered liked`);
    if (toggles.length % 2 === 1) expectedLikes.get(whisper)!.add(user);
  }

  // Challenges: the badge is earned once per member and challenge; every join answered is a participation.
  for (const m of steppers) {
    for (const c of stepped) {
      const earned = count(stepOps, (s) => s.user === m.id && s.challenge === c._id && s.o.answer?.json?.badgeEarned === true);
      if (earned !== 1) violation(`challenge ${c.title}: member ${m.username} answered "badge earned" ${earned} times`);
    }
  }

  // Friend requests: one answer wins.
  for (const { requestId, ops: answers, asked } of answerGroups) {
    if (count(answers, (o) => statusOf(o) === 200) !== 1) violation(`friend request ${requestId}: ${answers.map(statusOf).join(', ')} (one 200 expected)`);
    const winner = answers.find((o) => statusOf(o) === 200);
    if (statusOf(asked) === 201 && winner?.kind !== 'reject') violation(`friend request ${requestId}: a request back was made though ${winner?.kind} won`);
  }
  for (const { a, b, ops: sent } of bothWays) {
    if (count(sent, (o) => statusOf(o) === 201) !== 1) violation(`requests between ${a.username} and ${b.username}: ${sent.map(statusOf).join(', ')} (one 201 expected)`);
  }
  // Registrations: one of a group wins; the others are told what is taken.
  for (const { same, value, ops: sent, taken } of registrations) {
    if (count(sent, (o) => statusOf(o) === 201) !== 1) violation(`registrations with one ${same} ${value}: ${sent.map(statusOf).join(', ')} (one 201 expected)`);
    for (const o of sent) if (statusOf(o) === 409 && o.answer!.json?.message !== taken) violation(`registration with a taken ${same}: ${JSON.stringify(o.answer!.json)}`);
  }
  // Idempotency: one create ran; every 201 names the same record.
  for (const { board, key, ops: sent, field } of keyed) {
    const created = sent.filter((o) => statusOf(o) === 201);
    const fresh = created.filter((o) => o.answer!.headers['idempotent-replayed'] !== 'true');
    const ids = new Set(created.map((o) => o.answer!.json?.[field]?._id));
    if (created.length === 0 || fresh.length !== 1 || ids.size !== 1) {
      violation(`${board} with Idempotency-Key ${key}: ${sent.map((o) => `${statusOf(o)}${o.answer?.headers['idempotent-replayed'] ? ' (replayed)' : ''}`).join(', ')}, ids ${[...ids].join(' ')}`);
    }
  }
  // The second client retries now that the first has answered (a 409 said "still being processed"):
  // it gets the first answer again, and nothing more is made (the rows are counted below).
  const retried = await inPool(keyed.map(({ board, key, ops: sent, field }) => async () => {
    const again = await sent[1].send();
    const first = sent.find((o) => statusOf(o) === 201)?.answer!.json?.[field]?._id;
    if (again.status !== 201 || again.headers['idempotent-replayed'] !== 'true' || again.json?.[field]?._id !== first) {
      violation(`${board} with Idempotency-Key ${key}: the retry answered ${again.status} ${again.headers['idempotent-replayed'] ? '(replayed)' : ''} ${again.json?.[field]?._id}, first ${first}`);
    }
    return again;
  }), 8);
  // Edit against delete: the delete succeeds once (checked by ALLOWED); edits answer 200 or 404 only.
  for (const { post, edits } of editDelete) {
    for (const e of edits) if (statusOf(e) === 409) violation(`${post.board} ${post.id}: an edit against a delete answered 409 ${JSON.stringify(e.answer!.json)}`);
  }

  // --- what the API shows afterwards ---------------------------------------------------------------
  const get = async (url: string, token?: string) => {
    const answer = await one.request('GET', url, { token });
    if (answer.status !== 200) violation(`GET ${url}: ${answer.status}`);
    return answer.json as Json;
  };
  const shownLikes = new Map<string, { count: number; list: string[] }>();
  for (const id of likedIds) {
    const { whisper } = await get(`/api/whispers/${id}`);
    shownLikes.set(id, { count: whisper.likesCount, list: whisper.likes });
  }
  const whisperList = (await get('/api/approved-whispers?limit=100')).whispers as Json[];
  const profiles = new Map<string, Json>();
  await inPool(members.map((m) => async () => profiles.set(m.id, (await get(`/api/whispers/public-profile/${m.id}`)).profile)), 8);
  const shownChallenges = new Map<string, Json>();
  for (const c of challenges) shownChallenges.set(c._id, (await get(`/api/challenges/${c._id}`)).data.data);
  const joined = new Map<string, Json[]>();
  await inPool(steppers.map((m) => async () => joined.set(m.id, (await get(`/api/users/${m.id}/joined-challenges`, m.token)).data.data)), 8);
  const pendingShown = new Map<string, Json>();
  await inPool(members.map((m) => async () => pendingShown.set(m.id, await get('/api/friend-requests', m.token))), 8);
  const friendStatusShown = new Map<string, string>();
  await inPool([...requestPairs.map((p) => [p.sender, p.receiver]), ...bothWays.map((p) => [p.a, p.b])].map(([a, b]) => async () =>
    friendStatusShown.set(`${a.id}|${b.id}`, (await get(`/api/whispers/public-profile/${b.id}`, a.token)).profile.friendStatus)), 8);
  const unreadShown = new Map<string, number>();
  await inPool(members.map((m) => async () => unreadShown.set(m.id, (await get('/api/notifications', m.token)).unreadCount)), 8);
  const deletedShown = [
    ...(await get('/api/all-needs?limit=100')).data.map((n: Json) => n._id),
    ...whisperList.map((w) => w._id),
  ];
  const searched = (await get(`/api/search?q=${deletedWord}`)).data;
  for (const { post } of editDelete) {
    const single = await one.request('GET', BOARDS[post.board].single(post.id));
    if (single.status !== 404) violation(`${post.board} ${post.id} deleted, yet GET answers ${single.status}`);
  }
  const editedShown = new Map<string, string[]>();
  for (const { post } of editEdit) {
    editedShown.set(post.id, postIn(post.board, await get(BOARDS[post.board].single(post.id))).images);
  }

  // --- the rows -------------------------------------------------------------------------------
  // The server stops first (PGlite's files are its own while it runs; on PostgreSQL nothing is left in flight).
  one.close();
  two.close();
  const exitCode = await server.stop('SIGTERM');
  if (exitCode !== 0) violation(`the server exited ${exitCode} on SIGTERM`);
  const [
    likeRows, followRows, participantRows, challengeRows, userRows, requestRows, notificationRows, keyRows,
    needRows, whisperRows, eventRows, skillRows, tripRows,
  ] = await db.sql.query([
    'select whisper_id::text as whisper, user_id::text as "user" from whisper_likes',
    `select f.follower_id::text as follower, f.followee_id::text as followee, a.status as follower_status, b.status as followee_status
       from follows f join users a on a.id = f.follower_id join users b on b.id = f.followee_id`,
    `select p.challenge_id::text as challenge, p.user_id::text as "user", p.completed_steps as steps, p.completed_at is not null as finished, u.status
       from challenge_participants p join users u on u.id = p.user_id`,
    'select id::text, title, reward_tokens as reward, cardinality(participation_steps)::int as steps from challenges',
    'select id::text, username, email, contact_number as contact, tokens, status, profile_image as image from users',
    'select id::text, sender_id::text as sender, receiver_id::text as receiver, status from friend_requests',
    'select user_id::text as "user", title, body, read from notifications',
    'select user_id::text as "user", key, route, status_code as status, answer from idempotency_keys',
    'select id::text, service_name as marker, images from needs',
    'select id::text, title as marker, images from whispers',
    'select id::text, title as marker, thumbnail from events',
    'select id::text, title as marker, images, portfolio_images, thumbnail from skills',
    'select id::text, from_place as marker, user_id::text as "user" from trips',
  ]);

  // Likes: the rows are what the toggles left, and what the API shows.
  for (const id of likedIds) {
    const rows = likeRows.filter((r) => r.whisper === id).map((r) => r.user as string);
    const shown = shownLikes.get(id)!;
    const listed = whisperList.find((w) => w._id === id);
    if (!sameSet(rows, expectedLikes.get(id)!)) violation(`whisper ${id}: ${rows.length} like rows, ${expectedLikes.get(id)!.size} left by the toggles`);
    if (shown.count !== rows.length || !sameSet(shown.list, rows) || shown.list.length !== rows.length) violation(`whisper ${id}: shows ${shown.count} likes (${shown.list.length} listed), ${rows.length} rows`);
    if (!listed || listed.likesCount !== rows.length || !sameSet(listed.likes, rows)) violation(`whisper ${id}: the list shows ${listed?.likesCount} likes, ${rows.length} rows`);
  }

  // Follows: each member's counts are the rows (active members only), and a pair only followed
  // (only unfollowed) in the mix is followed (is not).
  const active = (status: string) => status === 'active';
  for (const m of members) {
    const profile = profiles.get(m.id)!;
    const followersRows = count(followRows, (r) => r.followee === m.id && active(r.follower_status));
    const followingRows = count(followRows, (r) => r.follower === m.id && active(r.followee_status));
    if (profile.followersCount !== followersRows) violation(`${m.username}: shows ${profile.followersCount} followers, ${followersRows} rows`);
    if (profile.followingCount !== followingRows) violation(`${m.username}: shows following ${profile.followingCount}, ${followingRows} rows`);
    if (profile.followers.length !== Math.min(50, followersRows)) violation(`${m.username}: lists ${profile.followers.length} followers, ${followersRows} rows`);
  }
  const followPairs = new Map<string, Set<string>>();
  for (const { o, follower, followee } of followOps) followPairs.set(`${follower}>${followee}`, (followPairs.get(`${follower}>${followee}`) ?? new Set()).add(o.kind));
  const followSet = new Set(followRows.map((r) => `${r.follower}>${r.followee}`));
  for (const [pair, kinds] of followPairs) {
    if (kinds.size === 1 && kinds.has('follow') && !followSet.has(pair)) violation(`follow ${pair}: only followed, yet no row`);
    if (kinds.size === 1 && kinds.has('unfollow') && followSet.has(pair)) violation(`follow ${pair}: only unfollowed, yet a row`);
  }
  for (const pair of followedBefore) if (!followPairs.has(pair) && !followSet.has(pair)) violation(`follow ${pair}: untouched, yet gone`);
  // A new follower is told once a day per follower, however often they follow.
  const followNotices = new Map<string, number>();
  for (const n of notificationRows) if (n.title === 'New follower') followNotices.set(`${n.user}|${n.body}`, (followNotices.get(`${n.user}|${n.body}`) ?? 0) + 1);
  for (const [notice, times] of followNotices) if (times > 1) violation(`"New follower" ${notice} told ${times} times in a day`);

  // Challenges: participants shown are the rows; joins answered are rows; finished once, paid once.
  for (const c of challenges) {
    const rows = participantRows.filter((r) => r.challenge === c._id && active(r.status)).map((r) => r.user as string);
    const shown = (shownChallenges.get(c._id).participants as Json[]).map((p) => p.userId as string);
    if (shown.length !== rows.length || !sameSet(shown, rows)) violation(`challenge ${c.title}: shows ${shown.length} participants, ${rows.length} rows`);
  }
  const participations = new Set(participantRows.map((r) => `${r.challenge}|${r.user}`));
  for (const { o, user, challenge } of joinOps) if (statusOf(o) === 200 && !participations.has(`${challenge}|${user}`)) violation(`join of ${challenge} by ${user} answered, no row`);
  const rewards = new Map(challengeRows.map((c) => [c.id as string, c]));
  for (const m of steppers) {
    for (const c of stepped) {
      const row = participantRows.find((r) => r.challenge === c._id && r.user === m.id);
      const all = Array.from({ length: rewards.get(c._id).steps }, (_, i) => i);
      if (!row?.finished || !sameSet((row.steps as number[]).map(String), all.map(String))) violation(`challenge ${c.title}: ${m.username} ticked every step, row ${JSON.stringify(row)}`);
      const shown = joined.get(m.id)!.find((j) => j._id === c._id);
      if (!shown?.progress?.completedAt) violation(`challenge ${c.title}: ${m.username}'s joined list shows no badge`);
    }
  }
  for (const m of members) {
    const user = userRows.find((u) => u.id === m.id);
    const earned = participantRows.filter((r) => r.user === m.id && r.finished).reduce((sum, r) => sum + Number(rewards.get(r.challenge).reward), 0);
    if (Number(user.tokens) !== earned) violation(`${m.username}: ${user.tokens} tokens, ${earned} earned by finished challenges`);
    const badges = count(notificationRows, (n) => n.user === m.id && n.title === 'Badge earned');
    const finished = count(participantRows, (r) => r.user === m.id && r.finished);
    if (badges !== finished) violation(`${m.username}: told "Badge earned" ${badges} times, ${finished} challenges finished`);
  }

  // Friend requests: the winner's action is the row's status; one friendship per pair, never with a pending request.
  for (const { requestId, ops: answers } of answerGroups) {
    const winner = answers.find((o) => statusOf(o) === 200);
    const row = requestRows.find((r) => r.id === requestId);
    const expected = winner && (winner.kind === 'accept' ? 'accepted' : 'rejected');
    if (row?.status !== expected) violation(`friend request ${requestId}: ${winner?.kind} won, the row says ${row?.status}`);
  }
  const byPair = new Map<string, string[]>();
  for (const r of requestRows) {
    const pair = [r.sender, r.receiver].sort().join('|');
    byPair.set(pair, [...(byPair.get(pair) ?? []), r.status]);
  }
  for (const [pair, statuses] of byPair) {
    const accepted = count(statuses, (s) => s === 'accepted');
    const pending = count(statuses, (s) => s === 'pending');
    if (accepted > 1 || pending > 1 || (accepted && pending)) violation(`friend pair ${pair}: ${statuses.join(', ')}`);
  }
  for (const { a, b } of bothWays) {
    const statuses = byPair.get([a.id, b.id].sort().join('|')) ?? [];
    if (statuses.length !== 1 || statuses[0] !== 'pending') violation(`requests between ${a.username} and ${b.username}: rows ${statuses.join(', ')}`);
  }
  const expectedStatus = (a: string, b: string) => {
    const rows = requestRows.filter((r) => (r.sender === a && r.receiver === b) || (r.sender === b && r.receiver === a));
    if (rows.some((r) => r.status === 'accepted')) return 'friends';
    const pending = rows.find((r) => r.status === 'pending');
    return pending ? (pending.sender === a ? 'pending-sent' : 'pending-received') : 'none';
  };
  for (const [pair, shown] of friendStatusShown) {
    const [a, b] = pair.split('|');
    if (shown !== expectedStatus(a, b)) violation(`friend status ${pair}: shows ${shown}, the rows say ${expectedStatus(a, b)}`);
  }
  const activeIds = new Set(userRows.filter((u) => active(u.status)).map((u) => u.id as string));
  for (const m of members) {
    const shown = pendingShown.get(m.id);
    const rows = requestRows.filter((r) => r.receiver === m.id && r.status === 'pending' && activeIds.has(r.sender)).map((r) => r.id as string);
    if (shown.count !== rows.length || !sameSet(shown.data.map((r: Json) => r._id), rows)) violation(`${m.username}: shows ${shown.count} pending requests, ${rows.length} rows`);
  }

  // Accounts: one per username and e-mail (case-insensitive) and per contact number, one welcome each.
  for (const column of ['username', 'email', 'contact'] as const) {
    const seen = new Map<string, number>();
    for (const u of userRows) seen.set(String(u[column]).toLowerCase(), (seen.get(String(u[column]).toLowerCase()) ?? 0) + 1);
    for (const [value, times] of seen) if (times > 1) violation(`${times} accounts with the ${column} ${value}`);
  }
  for (const { same, value } of registrations) {
    const column = same === 'contactNumber' ? 'contact' : same;
    if (count(userRows, (u) => String(u[column]).toLowerCase() === value) !== 1) violation(`no account with the ${same} ${value}`);
  }
  const welcomes = new Map<string, number>();
  for (const n of notificationRows) if (n.title === 'Welcome to Need Spot!') welcomes.set(n.user, (welcomes.get(n.user) ?? 0) + 1);
  for (const u of userRows) if (welcomes.get(u.id) !== 1) violation(`${u.username}: ${welcomes.get(u.id) ?? 0} welcome notifications`);

  // Idempotency: one record per key, the one the answers name, and the key's row says so.
  const rowsOf = { needs: needRows, whispers: whisperRows, events: eventRows, skills: skillRows, trips: tripRows };
  for (const { board, member, key, marker, field, ops: sent } of keyed) {
    const records = rowsOf[board].filter((r) => r.marker === marker);
    const answered = sent.find((o) => statusOf(o) === 201)?.answer!.json?.[field]?._id;
    const keyRow = keyRows.find((r) => r.user === member.id && r.key === key);
    if (records.length !== 1 || records[0].id !== answered) violation(`${board} with Idempotency-Key ${key}: ${records.length} records (answered ${answered})`);
    if (!keyRow || Number(keyRow.status) !== 201 || keyRow.answer?.[field]?._id !== answered) violation(`${board} with Idempotency-Key ${key}: its key row ${JSON.stringify(keyRow && { status: keyRow.status, id: keyRow.answer?.[field]?._id })}`);
  }

  // Edit against delete: nothing left of the post, anywhere.
  for (const { post } of editDelete) {
    if (rowsOf[post.board].some((r) => r.id === post.id)) violation(`${post.board} ${post.id}: deleted, yet its row is there`);
    if (deletedShown.includes(post.id)) violation(`${post.board} ${post.id}: deleted, yet listed`);
  }
  if (searched.needs.count !== 0 || searched.needs.items.length !== 0) violation(`the search still finds ${searched.needs.count} deleted needs`);
  if (likeRows.some((r) => !whisperRows.some((w) => w.id === r.whisper))) violation('like rows of a deleted whisper');

  // Edit against edit: an image an answered edit added is still there (it kept every image).
  for (const { post, edits } of editEdit) {
    // (Counted, not named: a whisper's answer is read after its commit, so it may end with the other edit's image.)
    const row = rowsOf[post.board].find((r) => r.id === post.id);
    const images: string[] = row?.images ?? [];
    const answered = count(edits, (e) => statusOf(e) === 200);
    const kept = post.images.every((image) => images.includes(image));
    if (!kept || new Set(images).size !== post.images.length + answered) {
      violation(`${post.board} ${post.id}: ${post.images.length} image(s), ${answered} edits adding one answered 200, now ${images.length}: ${images.join(' ')}`);
    }
    if (!sameSet(editedShown.get(post.id)!, row?.images ?? [])) violation(`${post.board} ${post.id}: shows images ${editedShown.get(post.id)}, row ${row?.images}`);
  }

  // Uploads: every file is named by a row, and every upload a row names is there.
  const named = new Set<string>([
    ...needRows.flatMap((r) => r.images), ...whisperRows.flatMap((r) => r.images), ...eventRows.map((r) => r.thumbnail),
    ...skillRows.flatMap((r) => [...r.images, ...r.portfolio_images, r.thumbnail]), ...userRows.map((r) => r.image),
  ].filter((p: string) => p.startsWith('/uploads/')));
  const files = new Set(uploadedFiles(path.join(dataDir, 'uploads')));
  for (const file of files) if (!named.has(file)) violation(`upload ${file}: no row names it`);
  for (const image of named) if (!files.has(image)) violation(`upload ${image}: named by a row, not there`);

  // Notifications: the bell's count is the unread rows; nothing unread is said twice.
  for (const m of members) {
    const rows = count(notificationRows, (n) => n.user === m.id && !n.read);
    if (unreadShown.get(m.id) !== rows) violation(`${m.username}: shows ${unreadShown.get(m.id)} unread, ${rows} rows`);
  }
  const unread = new Map<string, number>();
  for (const n of notificationRows) if (!n.read) unread.set(`${n.user}|${n.title}|${n.body}`, (unread.get(`${n.user}|${n.title}|${n.body}`) ?? 0) + 1);
  for (const [notice, times] of unread) if (times > 1) violation(`unread notification said ${times} times: ${notice}`);

  db.stop();
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, count(ops, (o) => o.kind === kind)]));
  // Races lost as the product says they are (a taken name, an answered request, a post deleted first...).
  const lost = count(ops, (o) => statusOf(o) === 404 || statusOf(o) === 409);
  recordFigures(`Races (${name})`, {
    operations: ops.length, ...byKind, 'lost races (404/409)': lost, 'idempotent retries after': retried.length,
    '5xx': fiveHundreds + count(retried, (answer) => answer.status >= 500), violations: violations.length, 'mix ms': mixMs,
  });
  return { violations, fiveHundreds: fiveHundreds + count(retried, (answer) => answer.status >= 500) };
}

describe.each(['PGlite', 'PostgreSQL'] as const)('1,000 racing operations on %s', (name) => {
  it('leave no invariant broken and answer no 5xx', async () => {
    const { violations, fiveHundreds } = await races(name);
    expect(violations).toEqual([]);
    expect(fiveHundreds).toBe(0);
  });
});
