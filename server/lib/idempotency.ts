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

/**
 * Runs a create at most once per user and `Idempotency-Key` header: the first request runs
 * `create` and its answer (status and body) is kept for a day; a retry with the same key gets that
 * same answer and creates nothing; a retry while the first still runs gets 409. Without the header,
 * `create` just runs. A create that fails (throws) keeps nothing, so the retry runs it again.
 * `route` names the create (e.g. 'create-need'); reusing a key on another route answers 422.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  { userId, route }: { userId: string; route: string },
  create: () => Promise<{ statusCode: number; body: T }>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const { statusCode, body } = await create();
    reply.status(statusCode);
    return body;
  }
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header));
  // Old keys go first, so an expired key starts afresh; so does a claim whose request never finished
  // (the process died in between): no request runs longer than ABANDONED_MINUTES.
  await db.delete(idempotencyKeys).where(or(
    lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`),
    and(mine, isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, sql`now() - make_interval(mins => ${ABANDONED_MINUTES})`)),
  ));
  const [claimed] = await db.insert(idempotencyKeys).values({ userId, key: header, route })
    .onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (!claimed) {
    const [earlier] = await db.select().from(idempotencyKeys).where(mine);
    if (!earlier) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS); // pruned meanwhile: a retry starts afresh
    if (earlier.route !== route) throw new HttpError(422, IDEMPOTENCY_OTHER_ROUTE);
    if (earlier.statusCode === null) throw new HttpError(409, IDEMPOTENCY_IN_PROGRESS);
    reply.status(earlier.statusCode).header('idempotent-replayed', 'true');
    return earlier.answer as T;
  }
  let result: { statusCode: number; body: T };
  try {
    result = await create();
  } catch (error) {
    await db.delete(idempotencyKeys).where(mine);
    throw error;
  }
  await db.update(idempotencyKeys).set({ statusCode: result.statusCode, answer: result.body as object }).where(mine);
  reply.status(result.statusCode);
  return result.body;
}
