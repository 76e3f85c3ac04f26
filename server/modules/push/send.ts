import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db } from '../../db/client.js';
import { loggable } from '../../lib/log-redaction.js';
import { notificationGone } from '../notifications/digest.js';
import { deliver, RefusedEndpointError, type DeliverOptions, type PushPayload } from './deliver.js';

export interface PushDeps {
  db: Db;
  log: FastifyBaseLogger;
  deliver: DeliverOptions;
}

/** A day: past it the e-mail digest has told it, and a push would be stale news. Also the push services' TTL. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Notifications one run pushes; more: the job comes back at once for the rest. */
const PER_RUN = 20;
/** Pushes of one run in flight at once (a member's devices × notifications). */
const IN_FLIGHT = 4;
/**
 * No push is started after this long into a run; what is left, the job does again at once. With
 * each push's own deadline (10 s) a run ends well within the job's 2-minute lease (lib/jobs.ts),
 * so no other instance claims it meanwhile and pushes the same again.
 */
const RUN_BUDGET_MS = 60_000;
const TITLE_MAX = 120;
const BODY_MAX = 240;

interface ItemRow { id: string; kind: string; title: string; body: string; link: string }
interface DeviceRow { id: string; endpoint: string; p256dh: string; auth: string }
interface PairRow { notification_id: string; subscription_id: string }

const iso = (value: Date) => value.toISOString();
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What the device is shown: the notification's own title and text, its link, and a tag (one per conversation or thing it is about). */
export function payloadOf(item: ItemRow): PushPayload {
  const link = item.link.startsWith('/') && !item.link.startsWith('//') ? item.link : '/';
  return {
    title: cut(item.title, TITLE_MAX),
    body: cut(item.body, BODY_MAX),
    link,
    tag: item.link ? `${item.kind}:${item.link}` : `notification:${item.id}`,
  };
}

/**
 * The member's devices a notification `n` goes to: those turned on (through a session still live:
 * signing out stops pushes to that device) before the notification was made.
 */
const liveDevices = (userId: string) => sql`
  select s.id, s.endpoint, s.p256dh, s.auth, s.created_at from push_subscriptions s
  join sessions se on se.id = s.session_id and se.revoked_at is null and se.expires_at > now()
  where s.user_id = ${userId}`;

/**
 * The member's push job ('push', keyed by the user id), scheduled at once by the statement that
 * makes a notification wanted by push (notifications/service.ts). Each notification waiting
 * (`push` and no `pushed_at`) goes to each of the member's live devices once:
 * - A device the push service accepted it for is written down at once (push_deliveries); a retry
 *   after another device failed sends only to the devices missing there, never twice.
 * - 404 or 410 from the push service: that subscription is gone (the browser dropped it), and so is
 *   its row. An endpoint endpoint.ts refuses (its name now resolves inside) goes too.
 * - Any other failure (5xx, 429, a timeout): the run throws after the rest, and the job is tried
 *   again with backoff (lib/jobs.ts).
 * - Never pushed: what was read meanwhile, what is older than a day, what the digest would not
 *   send either (`notificationGone`: the actor blocked either way or suspended, the comment gone),
 *   and anything for a member no longer active.
 * A notification reached on every device (or with none left) is done (`pushed_at`); one made only
 * for push (not in the app, nor waiting for e-mail) is marked read then.
 */
export async function runPush({ db, log, deliver: options }: PushDeps, userId: string, now: Date): Promise<void | { again: Date }> {
  const pending = sql`n.user_id = ${userId} and n.push and n.pushed_at is null`;
  const [member] = rowsOf<{ status: string }>(await db.execute(sql`select status from users where id = ${userId}`));
  if (!member || member.status !== 'active') {
    await db.execute(sql`update notifications n set push = false where ${pending}`);
    return;
  }
  await db.execute(sql`
    update notifications n set push = false
    where ${pending} and (n.read or n.created_at < ${iso(new Date(now.getTime() - PUSH_TTL_SECONDS * 1000))}::timestamptz or ${notificationGone(userId)})`);
  const items = rowsOf<ItemRow & { created_at: Date | string }>(await db.execute(sql`
    select n.id, n.kind, n.title, n.body, n.link, n.created_at from notifications n
    where ${pending} order by n.created_at limit ${PER_RUN + 1}`));
  const batch = items.slice(0, PER_RUN);
  if (batch.length === 0) return;
  const ids = sql.param(batch.map((item) => item.id));
  const devices = rowsOf<DeviceRow & { created_at: Date | string }>(await db.execute(liveDevices(userId)));
  const sent = new Set(rowsOf<PairRow>(await db.execute(sql`
    select notification_id, subscription_id from push_deliveries where notification_id = any(${ids}::uuid[])`))
    .map((pair) => `${pair.notification_id} ${pair.subscription_id}`));

  const gone = new Set<string>();
  const failures: string[] = [];
  const work = batch.flatMap((item) => devices
    .filter((device) => new Date(device.created_at) <= new Date(item.created_at) && !sent.has(`${item.id} ${device.id}`))
    .map((device) => ({ item, device })));
  const started = Date.now();
  const next = async (): Promise<void> => {
    if (Date.now() - started > RUN_BUDGET_MS) return;
    const job = work.shift();
    if (!job) return;
    const { item, device } = job;
    if (!gone.has(device.id)) {
      try {
        const status = await deliver(device, payloadOf(item), options);
        if (status >= 200 && status < 300) {
          await db.execute(sql`
            with used as (update push_subscriptions set last_used_at = now() where id = ${device.id})
            insert into push_deliveries (notification_id, subscription_id) values (${item.id}, ${device.id}) on conflict do nothing`);
        } else if (status === 404 || status === 410) {
          gone.add(device.id);
          await db.execute(sql`delete from push_subscriptions where id = ${device.id}`);
        } else {
          failures.push(`the push service answered ${status}`);
        }
      } catch (error) {
        if (error instanceof RefusedEndpointError) {
          gone.add(device.id);
          log.warn({ err: loggable(error), subscription: device.id }, 'push endpoint refused: subscription removed');
          await db.execute(sql`delete from push_subscriptions where id = ${device.id}`);
        } else {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }
    return next();
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, next));

  // Done: every live device made before it has it (or none is left). Its pairs are no longer needed.
  await db.execute(sql`
    with done as (
      update notifications n set pushed_at = ${iso(now)}::timestamptz,
        read = n.read or not (n.in_app or (n.email and n.emailed_at is null))
      where n.id = any(${ids}::uuid[]) and n.pushed_at is null
        and not exists (
          select 1 from (${liveDevices(userId)}) s
          where s.created_at <= n.created_at
            and not exists (select 1 from push_deliveries d where d.notification_id = n.id and d.subscription_id = s.id))
      returning n.id
    )
    delete from push_deliveries d using done where d.notification_id = done.id`);
  if (failures.length > 0) throw new Error(`push failed for ${failures.length} device(s): ${failures[0]}`);
  if (items.length > PER_RUN || work.length > 0) return { again: now };
}
