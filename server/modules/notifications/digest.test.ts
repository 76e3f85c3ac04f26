import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { rowsOf } from '../../db/client.js';
import { jobs, notifications, users, whispers } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
import { makeModerator } from '../../test/safety.js';
import { createNotification, DIGEST_JOB } from './service.js';

// The delay is a minute; the app's clock is moved by hand (`at`) from the real time, which is the
// database's: what members do is stamped by it (now()), and the digest compares with the app's clock.
const DELAY_S = 60;
let shiftMs = 0;
const at = (seconds: number) => {
  shiftMs = seconds * 1000;
};
beforeEach(() => at(0));
const ORIGIN = 'https://needspot.example';
const t = useTestApp({ mail: true, clock: () => new Date(Date.now() + shiftMs), config: { notifyEmailDelaySeconds: DELAY_S, publicUrl: ORIGIN } });

const member = (firstName: string, lastName: string) => signUp(t.app, { firstName, lastName });
const send = async (from: Account, to: Account, content: string) => {
  const answer = await t.app.inject({ method: 'POST', url: `/api/messages/${to.id}`, headers: bearer(from.token), payload: { content } });
  expect(answer.statusCode).toBe(201);
  return answer.json().message._id as string;
};
/** The e-mails the sink received for this member so far (parsed), oldest first. */
const mailsTo = (who: Account): Promise<ParsedMail[]> =>
  Promise.all(t.sink.received.filter((mail) => mail.to.includes(who.body.email.toLowerCase())).map((mail) => simpleParser(mail.raw)));
/** Runs what is due at `seconds` from now. */
const runAt = async (seconds: number) => {
  at(seconds);
  await t.app.jobs.runDue();
};
/** Sends a message at `seconds` on the app's clock: the database stamps it with its own time, moved on by as much. */
const sendAt = async (seconds: number, from: Account, to: Account, content: string) => {
  at(seconds);
  const id = await send(from, to, content);
  await t.db.execute(sql`update messages set created_at = created_at + ${seconds} * interval '1 second' where id = ${id}`);
  return id;
};
const createdAt = async (messageId: string) =>
  new Date(rowsOf<{ created_at: Date | string }>(await t.db.execute(sql`select created_at from messages where id = ${messageId}`))[0].created_at);
const digestJobs = (who: Account) => t.db.select().from(jobs).where(and(eq(jobs.kind, DIGEST_JOB), eq(jobs.key, who.id)));
const header = (mail: ParsedMail, name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, '');

describe('a message still unread after the delay', () => {
  it('sends one e-mail after the delay, none before it, and never again: the sender, the first lines and a link to the conversation', async () => {
    const [reader, writer] = [await member('Asha', 'Rao'), await member('Bo', 'Lee')];
    await send(writer, reader, 'Hello Asha!\nAre you in Goa next week?');
    await runAt(DELAY_S / 2);
    expect(await mailsTo(reader)).toEqual([]);
    await runAt(DELAY_S + 1);
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('New message from Bo Lee on Need Spot');
    expect(mail.text).toContain('Hi Asha,');
    expect(mail.text).toContain(`Bo Lee (@${writer.body.username}) sent you 1 message:\n  > Hello Asha!\n  > Are you in Goa next week?`);
    expect(mail.text).toContain(`Open the conversation: ${ORIGIN}/messages/${writer.id}`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/messages/${writer.id}"`);
    expect(mail.html).toContain('<strong>Bo Lee</strong>');
    expect(header(mail, 'list-unsubscribe')).toMatch(new RegExp(`^<${ORIGIN}/api/notifications/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`));
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(new RegExp(`Stop e-mails about new messages: ${ORIGIN}/unsubscribe\\?token=[\\w-]+\\.[\\w-]+`));
    expect(mail.text).toContain(`${ORIGIN}/settings/notifications`);
    expect((await digestJobs(reader)).map((job) => job.state)).toEqual(['done']);
    await runAt(10 * DELAY_S);
    expect(await mailsTo(reader)).toHaveLength(1);
  });

  it('sends nothing for a message read in the meantime; the next message is told alone', async () => {
    const [reader, writer] = [await member('Asha', 'Rao'), await member('Bo', 'Lee')];
    await send(writer, reader, 'Read me in the app');
    await t.app.inject({ method: 'POST', url: `/api/messages/${writer.id}/read`, headers: bearer(reader.token) });
    await runAt(DELAY_S + 1);
    expect(await mailsTo(reader)).toEqual([]);
    await send(writer, reader, 'And this one you missed');
    await runAt(2 * DELAY_S + 2);
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('  > And this one you missed');
    expect(mails[0].text).not.toContain('Read me in the app');
  });

  it('several unread messages and notifications within the delay: one e-mail for all of them', async () => {
    const [reader, bo, chen] = [await member('Asha', 'Rao'), await member('Bo', 'Lee'), await member('Chen', 'Wu')];
    await send(bo, reader, 'one');
    await send(bo, reader, 'two');
    await send(bo, reader, 'three');
    await send(bo, reader, 'four\nline 2\nline 3\nline 4');
    await send(chen, reader, 'Hi from Chen');
    expect((await t.app.inject({ method: 'POST', url: '/api/friend-requests', headers: bearer(chen.token), payload: { receiverId: reader.id } })).statusCode).toBe(201);
    await runAt(DELAY_S + 1);
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('5 new messages and 1 notification on Need Spot');
    // The latest three of Bo's four, newest first, each by its first three lines.
    expect(mail.text).toContain(`Bo Lee (@${bo.body.username}) sent you 4 messages:\n  > four\n  > line 2\n  > line 3 …\n\n  > three\n\n  > two\n`);
    expect(mail.text).not.toContain('  > one');
    expect(mail.text).toContain(`Chen Wu (@${chen.body.username}) sent you 1 message:\n  > Hi from Chen`);
    expect(mail.text).toContain(`Friend request: @${chen.body.username} sent you a friend request.\n${ORIGIN}/all-requests`);
    expect(mail.text).toContain('Stop e-mails about new messages:');
    expect(mail.text).toContain('Stop e-mails about friend requests and their answers:');
    const [request] = await t.db.select().from(notifications).where(and(eq(notifications.userId, reader.id), eq(notifications.title, 'Friend request')));
    expect(request.emailedAt).not.toBeNull();
    expect(request.read).toBe(false); // still unread in the app
  });

  it('a slow, steady conversation (a message every two thirds of the delay): one e-mail a delay at most, each with all that is unread', async () => {
    // The case at scale: a 15-minute delay and messages at 0, 10, 20 and 30 minutes make
    // two e-mails, at 15 and 35 minutes, not four.
    const [reader, writer] = [await member('Asha', 'Rao'), await member('Bo', 'Lee')];
    await sendAt(0, writer, reader, 'first');
    await sendAt(40, writer, reader, 'second');
    await runAt(DELAY_S / 2);
    expect(await mailsTo(reader)).toEqual([]);
    await runAt(DELAY_S + 1);
    let mails = await mailsTo(reader);
    expect(mails).toHaveLength(1);
    // The young one (40 s old) goes with the one that was due.
    expect(mails[0].text).toContain(`Bo Lee (@${writer.body.username}) sent you 2 messages:\n  > second\n\n  > first\n`);
    const third = await sendAt(80, writer, reader, 'third');
    await sendAt(120, writer, reader, 'fourth');
    // The third is due 60 s after it was sent (at 140), which is also past a delay after the first e-mail (61).
    await runAt(100);
    const [job] = await digestJobs(reader).then((rows) => rows.filter((row) => row.state === 'pending'));
    expect(job.runAt.getTime()).toBe((await createdAt(third)).getTime() + DELAY_S * 1000);
    await runAt(130);
    expect(await mailsTo(reader)).toHaveLength(1);
    await runAt(141);
    mails = await mailsTo(reader);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(`Bo Lee (@${writer.body.username}) sent you 2 messages:\n  > fourth\n\n  > third\n`);
    expect(mails[1].text).not.toMatch(/> (first|second)/);
    expect((await digestJobs(reader)).map((row) => row.state)).toEqual(['done', 'done']);
    await runAt(10 * DELAY_S);
    expect(await mailsTo(reader)).toHaveLength(2);
  });

  it('after a digest, what was read meanwhile is left out, and the next one waits for the oldest of what is left', async () => {
    const [reader, bo, chen] = [await member('Asha', 'Rao'), await member('Bo', 'Lee'), await member('Chen', 'Wu')];
    await sendAt(0, bo, reader, 'before the first e-mail');
    await runAt(DELAY_S + 1);
    expect(await mailsTo(reader)).toHaveLength(1);
    await sendAt(70, bo, reader, 'read in the app');
    await sendAt(80, chen, reader, 'still unread');
    await runAt(100);
    expect((await t.app.inject({ method: 'POST', url: `/api/messages/${bo.id}/read`, headers: bearer(reader.token) })).statusCode).toBe(200);
    // Bo's (70 s) would have been due at 130; Chen's is due at 140.
    await runAt(131);
    expect(await mailsTo(reader)).toHaveLength(1);
    await runAt(141);
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe('New message from Chen Wu on Need Spot');
    expect(mails[1].text).toContain('  > still unread');
    expect(mails[1].text).not.toContain('read in the app');
  });

  it('digests are a delay apart: what one e-mail could not hold goes a delay later, not at once', async () => {
    const reader = await member('Asha', 'Rao');
    for (let n = 1; n <= 31; n += 1) {
      await createNotification(t.db, reader.id, { kind: 'event', link: '/events/1', title: 'Event update', body: `Update ${n}.` });
    }
    await runAt(DELAY_S + 1);
    let mails = await mailsTo(reader);
    expect(mails.map((mail) => mail.subject)).toEqual(['30 notifications on Need Spot']);
    expect(mails[0].text).not.toContain('Update 31.');
    await runAt(DELAY_S + 30);
    expect(await mailsTo(reader)).toHaveLength(1);
    await runAt(2 * DELAY_S + 2);
    mails = await mailsTo(reader);
    expect(mails.map((mail) => mail.subject)).toEqual(['30 notifications on Need Spot', 'Event update on Need Spot']);
    expect(mails[1].text).toContain('Update 31.');
  });

  it('nothing from a member either side blocked, and nothing once messages are not wanted by e-mail', async () => {
    const [reader, blocked, quiet] = [await member('Asha', 'Rao'), await member('Bo', 'Lee'), await member('Chen', 'Wu')];
    await send(blocked, reader, 'You will not hear of this');
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(reader.token) })).statusCode).toBe(200);
    await runAt(DELAY_S + 1);
    expect(await mailsTo(reader)).toEqual([]);
    at(0);
    await send(reader, quiet, 'Chen turns e-mail off before this is sent');
    await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: bearer(quiet.token), payload: [{ kind: 'message', inApp: true, email: false }] });
    await runAt(DELAY_S + 1);
    expect(await mailsTo(quiet)).toEqual([]);
  });

  it('escapes what members wrote in the HTML part; the plain text keeps it as written', async () => {
    const [reader, writer] = [await member('Asha', 'Rao'), await member('Bo', 'Lee')];
    await send(writer, reader, '<script>alert("hi")</script> & <b>bold</b>');
    await runAt(DELAY_S + 1);
    const [mail] = await mailsTo(reader);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('  > <script>alert("hi")</script> & <b>bold</b>');
  });
});

describe('notifications by e-mail', () => {
  it('sends the unread ones not yet e-mailed, marks them, skips the ones read meanwhile', async () => {
    const reader = await member('Asha', 'Rao');
    await createNotification(t.db, reader.id, { kind: 'event', link: '/events/123', title: 'Event update', body: 'The walk starts at 9.' });
    await createNotification(t.db, reader.id, { kind: 'moderation', title: 'Your whisper was hidden', body: 'Read already.' });
    const list = (await t.app.inject({ url: '/api/notifications', headers: bearer(reader.token) })).json().data as Array<{ _id: string; body: string }>;
    await t.app.inject({ method: 'POST', url: `/api/notifications/${list.find((item) => item.body === 'Read already.')!._id}/read`, headers: bearer(reader.token) });
    await runAt(DELAY_S + 1);
    const [mail, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Event update on Need Spot');
    expect(mail.text).toContain(`Event update: The walk starts at 9.\n${ORIGIN}/events/123`);
    expect(mail.text).not.toContain('Read already.');
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(rows.find((row) => row.title === 'Event update')!.emailedAt).not.toBeNull();
    expect(rows.find((row) => row.title === 'Your whisper was hidden')!.emailedAt).toBeNull();
  });

  it('one wanted by e-mail only is sent, then done with (read), so the same news can be told again', async () => {
    const reader = await member('Asha', 'Rao');
    await t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: bearer(reader.token), payload: [{ kind: 'like', inApp: false, email: true }] });
    await createNotification(t.db, reader.id, { kind: 'like', title: 'New like', body: 'liked once' });
    await runAt(DELAY_S + 1);
    expect((await mailsTo(reader)).map((mail) => mail.subject)).toEqual(['New like on Need Spot']);
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, reader.id), eq(notifications.title, 'New like'))))
      .toEqual([expect.objectContaining({ read: true, emailedAt: expect.any(Date) })]);
  });

  it('a transport error: nothing is marked, the job is tried again later and then sends it once', async () => {
    const reader = await member('Asha', 'Rao');
    await createNotification(t.db, reader.id, { kind: 'friend-request', title: 'Friend request', body: 'retry me' });
    const { send: working } = t.app.mailer;
    t.app.mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      await runAt(DELAY_S + 1);
    } finally {
      t.app.mailer.send = working;
    }
    expect(await mailsTo(reader)).toEqual([]);
    const [job] = await digestJobs(reader);
    expect(job).toMatchObject({ state: 'pending', lastError: 'SMTP is down' });
    const [row] = await t.db.select().from(notifications).where(and(eq(notifications.userId, reader.id), eq(notifications.title, 'Friend request')));
    expect(row.emailedAt).toBeNull();
    await runAt(DELAY_S + 1 + 31); // the first backoff is 30 s
    expect((await mailsTo(reader)).map((mail) => mail.text?.includes('retry me'))).toEqual([true]);
  });
});

describe('what has gone by the time of the digest', () => {
  const wantByEmail = async (who: Account, kinds: string[]) => {
    const answer = await t.app.inject({
      method: 'PUT', url: '/api/notifications/preferences', headers: bearer(who.token), payload: kinds.map((kind) => ({ kind, inApp: true, email: true })),
    });
    expect(answer.statusCode).toBe(200);
  };
  const moderator = async () => {
    const account = await member('Mo', 'Derator');
    await makeModerator(t, account);
    return account;
  };
  const pendingOf = (who: Account) => t.db.select().from(notifications).where(and(eq(notifications.userId, who.id), eq(notifications.email, true)));

  it('a comment deleted or hidden meanwhile is not e-mailed (its text is not quoted); one still there is', async () => {
    const [author, bo] = [await member('Asha', 'Rao'), await member('Bo', 'Lee')];
    await wantByEmail(author, ['comment']);
    const [whisper] = await t.db.insert(whispers).values({ userId: author.id, title: 'Blue hour at Chapora Fort', description: 'Climb up before sunset.' }).returning({ id: whispers.id });
    const comment = async (text: string) => {
      const answer = await t.app.inject({ method: 'POST', url: `/api/whispers/${whisper.id}/comments`, headers: bearer(bo.token), payload: { text } });
      expect(answer.statusCode).toBe(201);
      return answer.json().comment._id as string;
    };
    const deleted = await comment('Regretted at once');
    const hidden = await comment('Insulting words');
    await comment('Lovely spot, went there last week');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comments/${deleted}`, headers: bearer(bo.token) })).statusCode).toBe(200);
    const answer = await t.app.inject({
      method: 'POST', url: '/api/moderation/hide', headers: bearer((await moderator()).token), payload: { itemType: 'comment', itemId: hidden, reason: 'Insults' },
    });
    expect(answer.statusCode).toBe(200);
    await runAt(DELAY_S + 1);
    const mails = await mailsTo(author);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('New comment on Need Spot');
    expect(mails[0].text).toContain('Lovely spot, went there last week');
    for (const gone of ['Regretted at once', 'Insulting words']) {
      expect(mails[0].text).not.toContain(gone);
      expect(mails[0].html).not.toContain(gone);
    }
  });

  it('nothing of a member blocked either way, suspended or gone since, now or later; the others\' are sent', async () => {
    const reader = await member('Asha', 'Rao');
    const [blocked, blocking, suspended, deleted, still] = [
      await member('Bo', 'Lee'), await member('Chen', 'Wu'), await member('Dee', 'Sen'), await member('Eli', 'Roy'), await member('Fay', 'Das'),
    ];
    for (const sender of [blocked, blocking, suspended, deleted, still]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/friend-requests', headers: bearer(sender.token), payload: { receiverId: reader.id } });
      expect(answer.statusCode).toBe(201);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${blocked.id}`, headers: bearer(reader.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks/${reader.id}`, headers: bearer(blocking.token) })).statusCode).toBe(200);
    const suspension = await t.app.inject({
      method: 'POST', url: '/api/moderation/suspend', headers: bearer((await moderator()).token), payload: { userId: suspended.id, reason: 'Scamming travellers' },
    });
    expect(suspension.statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.id, deleted.id)); // as deleting the account does
    await runAt(DELAY_S + 1);
    const mails = await mailsTo(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Friend request on Need Spot');
    expect(mails[0].text).toContain(`@${still.body.username} sent you a friend request.`);
    for (const gone of [blocked, blocking, suspended, deleted]) expect(mails[0].text).not.toContain(gone.body.username);
    // Dropped from e-mail for good: lifting the block or the suspension does not send them later.
    const left = await pendingOf(reader);
    expect(left.map((row) => [row.body, row.emailedAt === null])).toEqual([[`@${still.body.username} sent you a friend request.`, false]]);
    expect(await t.app.inject({ method: 'DELETE', url: `/api/blocks/${blocked.id}`, headers: bearer(reader.token) }).then((answer) => answer.statusCode)).toBe(200);
    await createNotification(t.db, reader.id, { kind: 'event', title: 'Event update', body: 'Something new.' });
    await runAt(3 * DELAY_S);
    const later = await mailsTo(reader);
    expect(later).toHaveLength(2);
    expect(later[1].subject).toBe('Event update on Need Spot');
  });
});
