import { ECDH } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { badRequest } from '../../lib/http-error.js';
import { callerOf } from '../../plugins/auth.js';
import { PUSH_JOB } from '../notifications/service.js';
import { endpointProblem } from './endpoint.js';
import { PushKeyAnswer, SubscribeAnswer, SubscribeBody, UnsubscribeAnswer, UnsubscribeBody } from './schemas.js';
import { PUSH_TTL_SECONDS, runPush } from './send.js';
import { resolveVapidKeys } from './vapid.js';

/** Devices one member may have push on at once; turning it on on one more drops the longest unused. */
export const DEVICES_PER_MEMBER = 10;
/** A push service that has not answered by then has failed (the job tries again). */
const PUSH_TIMEOUT_MS = 10_000;

/** A browser's public key: a point on P-256 (a string of the right length is not enough to encrypt to). */
function isP256Point(base64: string): boolean {
  const bytes = Buffer.from(base64, 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1'); // throws for bytes that are not a point on the curve
    return true;
  } catch {
    return false;
  }
}

/**
 * Web push (README "Push notifications"): the server's public key, and each member's devices. What
 * is pushed and when: send.ts, run by the 'push' job that notifications/service.ts schedules.
 */
const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keys = await resolveVapidKeys(app.config.vapidKeys, app.config.dataDir);
  const options = {
    vapid: { ...keys, subject: app.config.vapidSubject },
    allowLoopbackHttp: app.config.pushAllowLoopbackHttp,
    ttlSeconds: PUSH_TTL_SECONDS,
    timeoutMs: PUSH_TIMEOUT_MS,
  };
  app.jobs.handle(PUSH_JOB, (job) => runPush({ db: app.db, log: app.log, deliver: options }, job.key, job.now));

  app.get('/push/key', {
    config: { access: 'public' },
    schema: { response: { 200: PushKeyAnswer } },
  }, async () => ({ success: true, data: { publicKey: keys.publicKey } }));

  // Push on for this device: the browser's subscription, kept for the caller's session. An endpoint
  // already kept (the same browser) is updated, and moves to the caller when another member had it
  // (they signed out and the caller signed in on that browser).
  app.post('/push/subscriptions', {
    config: { access: 'signed-in' },
    schema: { body: SubscribeBody, response: { 200: SubscribeAnswer } },
  }, async (request) => {
    const { user, session } = callerOf(request);
    const { endpoint, keys: { p256dh, auth } } = request.body;
    const problem = endpointProblem(endpoint, app.config.pushAllowLoopbackHttp);
    if (problem) throw badRequest(problem);
    if (!isP256Point(p256dh)) throw badRequest('keys.p256dh must be a P-256 public key.');
    if (Buffer.from(auth, 'base64url').length !== 16) throw badRequest('keys.auth must be 16 bytes.');
    const [row] = rowsOf<{ created_at: Date | string }>(await app.db.execute(sql`
      with kept as (
        insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth)
        values (${user.id}, ${session.id}, ${endpoint}, ${p256dh}, ${auth})
        on conflict (endpoint) do update set
          user_id = excluded.user_id, session_id = excluded.session_id, p256dh = excluded.p256dh, auth = excluded.auth,
          -- Moved to another member: new to them (what they were told before is not pushed to it).
          created_at = case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.created_at else now() end
        returning id, created_at
      ), dropped as (
        delete from push_subscriptions where id in (
          select id from push_subscriptions
          where user_id = ${user.id} and endpoint <> ${endpoint}
          order by coalesce(last_used_at, created_at) desc
          offset ${DEVICES_PER_MEMBER - 1}
        )
      )
      select created_at from kept`));
    return { success: true, data: { endpoint, createdAt: new Date(row.created_at).toISOString() } };
  });

  // Push off for this device: only the caller's own subscription goes (another member's endpoint, or
  // one not kept, removes nothing: 0).
  app.delete('/push/subscriptions', {
    config: { access: 'signed-in' },
    schema: { body: UnsubscribeBody, response: { 200: UnsubscribeAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const removed = rowsOf(await app.db.execute(sql`
      delete from push_subscriptions where user_id = ${me} and endpoint = ${request.body.endpoint} returning 1`)).length;
    return { success: true, data: { removed } };
  });
};

export default pushRoutes;
