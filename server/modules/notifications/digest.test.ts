import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { rowsOf } from '../../db/client.js';
import { jobs, notifications } from '../../db/schema.js';
import { useTestApp } from '../../test/build-test-app.js';
import { bearer, signUp, type Account } from '../../test/fixtures.js';
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

  it('what is younger than the delay waits for the next run, which sends it alone', async () => {
    const [reader, writer] = [await member('Asha', 'Rao'), await member('Bo', 'Lee')];
    const early = await send(writer, reader, 'Sent a while ago');
    // As if sent 100 s ago, to an account older than that.
    await t.db.execute(sql`update messages set created_at = created_at - interval '100 seconds' where id = ${early}`);
    await t.db.execute(sql`update users set messages_mailed_until = messages_mailed_until - interval '200 seconds' where id = ${reader.id}`);
    await send(writer, reader, 'Sent just now');
    // The job is due now (as if the early message had scheduled it): the early one is old enough, the other is not.
    await t.db.execute(sql`update jobs set run_at = now() where kind = ${DIGEST_JOB} and key = ${reader.id}`);
    await runAt(10);
    let mails = await mailsTo(reader);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('  > Sent a while ago');
    expect(mails[0].text).not.toContain('Sent just now');
    const [job] = await digestJobs(reader);
    expect(job.state).toBe('pending');
    const [fresh] = rowsOf<{ created_at: Date | string }>(await t.db.execute(sql`select created_at from messages where receiver_id = ${reader.id} and content = 'Sent just now'`));
    expect(job.runAt.getTime()).toBe(new Date(fresh.created_at).getTime() + DELAY_S * 1000 + 1);
    await runAt(30);
    expect(await mailsTo(reader)).toHaveLength(1);
    await runAt(DELAY_S + 1);
    mails = await mailsTo(reader);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('  > Sent just now');
    expect(mails[1].text).not.toContain('Sent a while ago');
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
