import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { badRequest, HttpError } from './http-error.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const KEPT_HOURS = 24;
const ABANDONED_MINUTES = 2;

export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed';
export const IDEMPOTENCY_OTHER_ROUTE = 'This Idempotency-Key was used for another request';

type Answer<T> = { statusCode: number; body: T };

/** A create in two steps: what may take time outside the database, then its writes. */
export interface IdempotentCreate<P, T> {
  /**
   * Work done before any statement and outside any transaction (an image's processing must never
   * hold a transaction: on embedded PGlite that holds every other request's statements too).
   */
  prepare?: () => Promise<P>;
  /** Undoes `prepare` when its result is not used: the create failed, or an earlier answer is replayed. */
  discard?: (prepared: P) => Promise<void>;
  /** The create's reads and writes, all on `db` (the key's transaction when the request has a key). */
  create: (db: Db, prepared: P) => Promise<Answer<T>>;
}

/**
 * Runs a create at most once per user and `Idempotency-Key` header: the first request runs it and
 * its answer (status and body) is kept for a day; a retry with the same key gets that same answer
 * and creates nothing. Without the header the create just runs.
 *
 * With a key, the key's row and the create's writes commit in one transaction: both or neither.
 * So a process killed at any moment leaves either a record with its answer (the retry replays it)
 * or nothing (the retry creates it), never a record whose retry makes a second. Two requests with
 * one key at once: the second's insert of the key waits for the first's commit, then replays it.
 * `route` names the create (e.g. 'create-need'); reusing a key on another route answers 422.
 */
export async function idempotent<P, T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  { userId, route }: { userId: string; route: string },
  { prepare, discard, create }: IdempotentCreate<P, T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header !== undefined && (typeof header !== 'string' || !KEY_PATTERN.test(header))) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  const mine = header === undefined ? undefined : and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header));
  const replay = (earlier: typeof idempotencyKeys.$inferSelect | undefined): T => {
    if (!earlier) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS); // pruned meanwhile: a retry starts afresh
    if (earlier.route !== route) throw new HttpError(422, IDEMPOTENCY_OTHER_ROUTE);
    // A claim without an answer is an older version's, whose create may still be running (a
    // rolling deploy): it waits until that claim counts as abandoned (pruned below).
    if (earlier.statusCode === null) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
    reply.status(earlier.statusCode).header('idempotent-replayed', 'true');
    return earlier.answer as T;
  };
  if (mine) {
    // Expired keys go first, so an expired key starts afresh; so does an older version's claim
    // whose request never finished (no request runs longer than ABANDONED_MINUTES).
    await db.delete(idempotencyKeys).where(or(
      lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`),
      and(mine, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, sql`now() - make_interval(mins => ${ABANDONED_MINUTES})`)),
    ));
    // A retry (the usual case of a key seen before) is answered without preparing anything.
    const [earlier] = await db.select().from(idempotencyKeys).where(mine);
    if (earlier) return replay(earlier);
  }
  const prepared = (await prepare?.()) as P;
  let outcome: { created: Answer<T> } | { earlier: typeof idempotencyKeys.$inferSelect | undefined };
  try {
    outcome = !mine
      ? { created: await create(db, prepared) }
      : await db.transaction(async (tx) => {
        const [claimed] = await tx.insert(idempotencyKeys).values({ userId, key: header as string, route })
          .onConflictDoNothing().returning({ key: idempotencyKeys.key });
        if (!claimed) {
          // Another request with this key committed first (this insert waited for it).
          const [earlier] = await tx.select().from(idempotencyKeys).where(mine);
          return { earlier };
        }
        const created = await create(tx, prepared);
        await tx.update(idempotencyKeys).set({ statusCode: created.statusCode, answer: created.body as object }).where(mine);
        return { created };
      });
  } catch (error) {
    await discard?.(prepared);
    throw error;
  }
  if ('earlier' in outcome) {
    await discard?.(prepared);
    return replay(outcome.earlier);
  }
  reply.status(outcome.created.statusCode);
  return outcome.created.body;
}
