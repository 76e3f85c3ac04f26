import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { DEFAULT_CHANNELS, NOTIFICATION_KINDS, type Channels } from './kinds.js';

export type ChoosableKind = (typeof NOTIFICATION_KINDS)[number];
export interface Preference extends Channels { kind: ChoosableKind }
/** A choice to save: without `push` (a client from before push), the kind's push choice stays as it was. */
export type PreferenceChoice = Omit<Preference, 'push'> & { push?: boolean };

/** In the app is always on for messages: the inbox and its badge are the messages themselves. */
const settled = <P extends PreferenceChoice>({ kind, inApp, ...rest }: P): P => ({ ...rest, kind, inApp: kind === 'message' ? true : inApp }) as P;

/** The member's channels for every kind, in the order of NOTIFICATION_KINDS: their choice, else the kind's default. */
export async function preferencesOf(db: Db, userId: string): Promise<Preference[]> {
  const rows = rowsOf<{ kind: string; in_app: boolean; email: boolean; push: boolean | null }>(await db.execute(sql`
    select kind, in_app, email, push from notification_preferences where user_id = ${userId}`));
  const chosen = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    const fallback = DEFAULT_CHANNELS[kind];
    // A row saved before push existed has no push choice (null): the kind's default.
    return settled({ kind, inApp: row?.in_app ?? fallback.inApp, email: row?.email ?? fallback.email, push: row?.push ?? fallback.push });
  });
}

/**
 * Notifications of the kinds `wanted` turns e-mail off for, still waiting for a digest, are no
 * longer sent; one that waited for e-mail only (hidden in the app) is done with: marked read.
 */
const unmail = (userId: string) => sql`
  update notifications n set email = false, read = n.read or not n.in_app
  from wanted
  where n.user_id = ${userId} and n.kind = wanted.kind and not wanted.email
    and n.email and n.emailed_at is null and not n.read`;

/**
 * Notifications of the kinds `wanted` turns push off for, not pushed yet, are not pushed; nor
 * sent to devices the member has not been reached on yet (modules/push).
 */
const unpush = (userId: string) => sql`
  update notifications n set push = false
  from wanted
  where n.user_id = ${userId} and n.kind = wanted.kind and wanted.push is false
    and n.push and n.pushed_at is null`;

/**
 * Saves the member's choice for the kinds given (others keep theirs), in one statement: what no
 * longer goes by e-mail is not sent (`unmail`), nor what no longer goes by push (`unpush`), and
 * turning e-mail on for messages starts their digest from now, never from unread messages of before.
 * A kind given without `push` keeps its push choice (or default).
 */
export async function savePreferences(db: Db, userId: string, list: PreferenceChoice[]): Promise<void> {
  if (list.length === 0) return;
  const chosen = list.map(settled);
  const column = <K extends keyof PreferenceChoice>(key: K) => sql.param(chosen.map((item) => item[key] ?? null));
  await db.execute(sql`
    with wanted as (
      select * from unnest(${column('kind')}::text[], ${column('inApp')}::boolean[], ${column('email')}::boolean[], ${column('push')}::boolean[]) as w (kind, in_app, email, push)
    ), unpushed as (${unpush(userId)}), message_mail_on as (
      update users set messages_mailed_until = greatest(messages_mailed_until, now())
      where id = ${userId}
        and exists (select 1 from wanted where kind = 'message' and email)
        and not coalesce((select email from notification_preferences where user_id = ${userId} and kind = 'message'), ${DEFAULT_CHANNELS.message.email}::boolean)
    ), unmailed as (${unmail(userId)})
    insert into notification_preferences (user_id, kind, in_app, email, push, updated_at)
    select ${userId}::uuid, kind, in_app, email, push, now() from wanted
    on conflict (user_id, kind) do update set in_app = excluded.in_app, email = excluded.email,
      push = coalesce(excluded.push, notification_preferences.push), updated_at = excluded.updated_at`);
}

const choosable = NOTIFICATION_KINDS as readonly ChoosableKind[];

/**
 * Turns e-mail off for the kinds (an unsubscribe link, no sign-in needed), keeping the member's
 * choice in the app (or the kind's default). Nothing for an account that is gone.
 */
export async function stopEmails(db: Db, userId: string, kinds: ChoosableKind[]): Promise<void> {
  await db.execute(sql`
    with wanted as (
      select d.kind, d.in_app, false as email
      from unnest(${sql.param([...choosable])}::text[], ${sql.param(choosable.map((kind) => DEFAULT_CHANNELS[kind].inApp))}::boolean[]) as d (kind, in_app)
      where d.kind = any(${sql.param(kinds)}::text[])
    ), unmailed as (${unmail(userId)})
    insert into notification_preferences (user_id, kind, in_app, email, updated_at)
    select u.id, wanted.kind, wanted.in_app, false, now() from users u, wanted where u.id = ${userId}
    on conflict (user_id, kind) do update set email = false, updated_at = excluded.updated_at`);
}
