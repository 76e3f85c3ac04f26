import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, failure } from '../../lib/http-error.js';
import { errorAnswers, IdParams } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { runDigest } from './digest.js';
import { preferencesOf, savePreferences, stopEmails } from './preferences.js';
import {
  NotificationsAnswer, PreferencesAnswer, PreferencesBody, ReadAnswer, UnsubscribeAnswer, UnsubscribeQuery,
} from './schemas.js';
import { DIGEST_JOB, listNotifications, markAllRead, markRead, setDigestDelay, unreadCount } from './service.js';
import { readUnsubscribeToken } from './unsubscribe.js';

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  setDigestDelay(app.config.notifyEmailDelaySeconds);
  app.jobs.handle(DIGEST_JOB, (job) => runDigest(app, job.key, job.now));

  app.get('/notifications', {
    config: { access: 'signed-in' },
    schema: {
      response: { 200: NotificationsAnswer },
    },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const [rows, unread] = await Promise.all([listNotifications(app.db, me), unreadCount(app.db, me)]);
    return {
      success: true,
      data: rows.map((row) => ({
        _id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link, createdAt: row.createdAt.toISOString(), read: row.read,
      })),
      unreadCount: unread,
    };
  });

  // Marks one notification read; the user's other open tabs hear of it.
  app.post('/notifications/:id/read', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, response: { 200: ReadAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const outcome = await markRead(app.db, me, request.params.id);
    if (outcome === 'missing') throw failure(404, 'Notification not found');
    if (outcome === 'done') tellUsers(app, [me], 'notifications-read', { id: request.params.id });
    return { success: true, updated: outcome === 'done' ? 1 : 0 };
  });

  app.post('/notifications/read-all', {
    config: { access: 'signed-in' },
    schema: { response: { 200: ReadAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const updated = await markAllRead(app.db, me);
    if (updated > 0) tellUsers(app, [me], 'notifications-read', {});
    return { success: true, updated };
  });

  // The caller's channels for each kind (Settings → Notifications).
  app.get('/notifications/preferences', {
    config: { access: 'signed-in' },
    schema: { response: { 200: PreferencesAnswer } },
  }, async (request) => ({ success: true, data: await preferencesOf(app.db, callerOf(request).user.id) }));

  app.put('/notifications/preferences', {
    config: { access: 'signed-in' },
    schema: { body: PreferencesBody, response: { 200: PreferencesAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const kinds = request.body.map((item) => item.kind);
    if (new Set(kinds).size !== kinds.length) throw badRequest('Each kind may be given only once.');
    await savePreferences(app.db, me, request.body);
    return { success: true, data: await preferencesOf(app.db, me) };
  });

  // Unsubscribe links (digest.ts), used without signing in: the signed token is the permission.
  // GET says what a link would turn off, or why it no longer works (400, 410), and changes nothing
  // (RFC 8058: link checkers and previews open links): the SPA's page /unsubscribe shows it and asks.
  app.get('/notifications/unsubscribe', {
    config: { access: 'public' },
    // The token in the query is the permission: the request lines (logged at info) would write it
    // to the log. Warnings and errors are still logged (and lib/log-redaction.ts cuts the token).
    logLevel: 'warn',
    schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer, ...errorAnswers(400, 410) } },
  }, async (request) => {
    const { kinds } = readUnsubscribeToken(app.config.jwtSecret!, request.query.token, app.clock());
    return { success: true, data: { kinds } };
  });

  // One click (RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click`, form-encoded, to the
  // header's URL), or the SPA's page: e-mail off for the link's kinds. Repeating it changes nothing.
  const oneClickScope: FastifyPluginAsyncTypebox = async (oneClick) => {
    oneClick.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    oneClick.post('/notifications/unsubscribe', {
      config: { access: 'public' },
      logLevel: 'warn', // as the GET: the token is in the query
      schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer, ...errorAnswers(400, 410) } },
    }, async (request) => {
      const { userId, kinds } = readUnsubscribeToken(app.config.jwtSecret!, request.query.token, app.clock());
      await stopEmails(app.db, userId, kinds);
      return { success: true, data: { kinds } };
    });
  };
  await app.register(oneClickScope);
};

export default notificationsRoutes;
