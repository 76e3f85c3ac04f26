import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { notFound } from '../../lib/http-error.js';
import { IdParams } from '../../lib/schemas.js';
import { seenBy } from '../../lib/visibility.js';
import { callerOf } from '../../plugins/auth.js';
import { calendarFileName, calendarText, siteOrigin, type CalendarSite } from './calendar.js';
import { dropFeedToken, feedToken, renewFeedToken } from './feed-tokens.js';
import { calendarEventOf, feedEvents, feedOwner } from './member-lists.js';
import { CalendarFeedAnswer, CalendarFile, FeedParams } from './schemas.js';
import { findEvent } from './service.js';

/** How often a calendar app is asked to read the feed again (REFRESH-INTERVAL). */
const FEED_REFRESH_SECONDS = 60 * 60;

/**
 * "Add to calendar" (one event's .ics) and each member's private feed of the events they are
 * going to, which calendar apps subscribe to by URL: no login, the secret in the path is the key.
 */
const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Links in the files and the feed's URL: PUBLIC_URL, else the origin the request came to (`siteOrigin`). */
  const siteOf = (request: FastifyRequest): CalendarSite => ({ origin: siteOrigin(app.config, request.protocol, request.host) });
  const feedUrl = (request: FastifyRequest, token: string | null) => (token ? `${siteOf(request).origin}/api/calendar/${token}.ics` : null);

  const sendCalendar = (reply: FastifyReply, text: string, fileName: string, cacheControl: string) =>
    reply.type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', cacheControl)
      .send(text);

  app.get('/events/:id/ics', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: CalendarFile } },
  }, async (request, reply) => {
    const row = await findEvent(app.db, request.params.id);
    if (!row || !(await seenBy(app.db, request.user?.id, row))) throw notFound('Event not found', { success: false });
    const event = await calendarEventOf(app.db, row.id);
    if (!event) throw notFound('Event not found', { success: false });
    // Read again on each download: an edit raises its SEQUENCE.
    return sendCalendar(reply, calendarText([event], siteOf(request)), calendarFileName(event.title), 'no-cache');
  });

  app.get('/calendar/:token.ics', {
    config: { access: 'public' },
    // The path is the feed's secret: the request lines ("incoming request", "request completed",
    // logged at info) would write it to the log. Warnings and errors are still logged.
    logLevel: 'warn',
    schema: { params: FeedParams, response: { 200: CalendarFile } },
  }, async (request, reply) => {
    const userId = await feedOwner(app.db, request.params.token);
    if (!userId) throw notFound('Calendar feed not found');
    const list = await feedEvents(app.db, userId, await hiddenAuthorsFor(app.db, userId), app.clock());
    // The URL is a secret: no shared cache may keep the answer.
    return sendCalendar(reply, calendarText(list, siteOf(request), { name: 'Need Spot: my events', refreshSeconds: FEED_REFRESH_SECONDS }), 'need-spot-events.ics', 'private, no-store');
  });

  app.get('/calendar-feed', {
    config: { access: 'signed-in' },
    schema: { response: { 200: CalendarFeedAnswer } },
  }, async (request) => ({ success: true, url: feedUrl(request, await feedToken(app.db, callerOf(request).user.id)) }));

  // Makes the feed, or revokes its URL by making a new one.
  app.post('/calendar-feed', {
    config: { access: 'signed-in' },
    schema: { response: { 200: CalendarFeedAnswer } },
  }, async (request) => ({ success: true, url: feedUrl(request, await renewFeedToken(app.db, callerOf(request).user.id)) }));

  app.delete('/calendar-feed', {
    config: { access: 'signed-in' },
    schema: { response: { 200: CalendarFeedAnswer } },
  }, async (request) => {
    await dropFeedToken(app.db, callerOf(request).user.id);
    return { success: true, url: null };
  });
};

export default calendarRoutes;
