import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, failure, fieldError, forbidden, HttpError, invalid, notFound, unauthorized } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { PAGE_DEFAULT } from '../../lib/pagination.js';
import { IdParams, StatusAnswer, UserIdParams, errorAnswers } from '../../lib/schemas.js';
import { doneOr } from '../../lib/owned.js';
import { isDay } from '../../lib/days.js';
import { controlChars } from '../../lib/text.js';
import { removedOnFailure, removeUpload, saveImage } from '../../lib/uploads/images.js';
import { checkBeforeFiles, ownerThenForm, readForm } from '../../lib/uploads/read-parts.js';
import { callerOf } from '../../plugins/auth.js';
import { MB } from '../../plugins/multipart.js';
import { EventAnswer, EventForm, EventListAnswer, EventListQuery, EventSavedAnswer, FORM_FIELD_MAX } from './schemas.js';
import { deleteEvent, findEvent, findOrganiser, findOwnership, insertEvent, listEvents, toEventDto, updateEvent } from './service.js';
import { checkEventForm, type FormContext } from './validation.js';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { seenBy, sendListJson } from '../../lib/visibility.js';
import { tellUsers } from '../../plugins/realtime.js';
import { attendanceOf } from './attendance.js';
import attendanceRoutes, { EVENT_NOTIFICATION } from './attendance-routes.js';
import calendarRoutes from './calendar-routes.js';
import { handleReminders } from './reminders.js';

const EVENT_NOT_FOUND = 'Event not found';
const ownerCallMissing = () => failure(404, EVENT_NOT_FOUND);

/** The banner file of each form being handled, between reading the form and the handler. */
const banners = new WeakMap<FastifyRequest, Buffer>();

/**
 * Reads the event form: its text fields become the body the route schema checks (exactly like a
 * JSON body), the one `thumbnail` file is kept for the handler. Nothing is decoded here. The form's
 * rules run before the banner is read; on edit against the event as stored (`current`).
 */
async function readEventForm(request: FastifyRequest, current?: FormContext['current']) {
  const { fields, files } = await readForm(request, {
    maxFieldBytes: FORM_FIELD_MAX,
    maxFields: 20,
    fileFields: ['thumbnail'],
    maxFiles: 1,
    maxFileBytes: 5 * MB,
    tooLargeMessage: 'Image size should be less than 5MB',
    checkFields: checkBeforeFiles<Static<typeof EventForm>>(request, {
      fileFields: ['thumbnail'],
      check: (body, counts) => checkEventForm(body, { hasThumbnail: counts.thumbnail > 0, current }),
    }),
  });
  request.body = fields;
  const [banner] = files.thumbnail;
  if (banner) banners.set(request, banner);
}

const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = app.uploads;
  await app.register(attendanceRoutes);
  await app.register(calendarRoutes);
  handleReminders(app);

  /** The event named by an owner-only call, if the caller owns it: 404 when there is none, 403 when it is someone else's. */
  async function ownEvent(request: FastifyRequest, id: string) {
    const event = await findOwnership(app.db, id);
    if (!event) throw ownerCallMissing();
    if (event.createdBy !== callerOf(request).user.id) throw forbidden();
    return event;
  }

  /** Stores a banner (counted as it arrived); a file that is not an image answers 400 about the thumbnail field. */
  async function saveBanner(bytes: Buffer): Promise<string> {
    try {
      return await saveImage(storage, 'events', bytes);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) throw fieldError(400, error.message, 'thumbnail');
      throw error;
    }
  }

  app.get('/all-requests', {
    config: { access: 'public' },
    schema: { querystring: EventListQuery, response: { 200: EventListAnswer } },
  }, async (request, reply) => {
    const q = request.query.q?.trim() ?? '';
    // Postgres text cannot hold some of them (NUL), and no title or address contains any.
    if (controlChars.test(q)) throw badRequest('q contains invalid characters');
    const date = request.query.date?.trim() ?? '';
    if (date !== '' && !isDay(date)) throw badRequest('date must be a day written YYYY-MM-DD');
    const limit = request.query.limit ?? PAGE_DEFAULT;
    const { cursor } = request.query;
    // Answers kept, serialized, until the board changes (lib/cached-reads.ts), as the needs board's.
    // A member who blocked someone, or whom someone blocked, gets a page of their own (lib/visibility.ts).
    const excluded = await hiddenAuthorsFor(app.db, request.user?.id);
    return sendListJson(reply, app.db, 'events', JSON.stringify([q, date, limit, cursor]), excluded, async (without) => {
      const { page, nextCursor } = await listEvents(app.db, { q: q || undefined, date: date || undefined, limit, cursor }, without);
      return { success: true, events: page.map((row) => toEventDto(row)), nextCursor };
    });
  });

  // "Join" only shows the event: the call reads and changes nothing.
  app.get('/join-event/:id', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: EventAnswer } },
  }, async (request) => {
    const row = await findEvent(app.db, request.params.id);
    const seen = row && (await seenBy(app.db, request.user?.id, row));
    if (!row || !seen) throw notFound(EVENT_NOT_FOUND, { success: false });
    const attendance = await attendanceOf(app.db, row.id, row.capacity, request.user?.id);
    return { success: true, event: { ...toEventDto(row, seen.moderation), attendance } };
  });

  app.post('/events/:userId', {
    // The access check runs before the body is read: only the account's owner gets a form parsed.
    config: { access: { self: 'userId' } },
    preValidation: (request) => readEventForm(request),
    schema: { params: UserIdParams, body: EventForm, response: { 201: EventSavedAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const userId = callerOf(request).user.id;
    const banner = banners.get(request);
    const checked = checkEventForm(request.body, { hasThumbnail: banner !== undefined });
    if (!checked.ok) throw invalid(checked);
    return idempotent(app.db, request, reply, { userId, route: 'create-event' }, {
      prepare: () => saveBanner(banner!),
      discard: (thumbnail) => removeUpload(storage, thumbnail),
      create: async (db, thumbnail) => {
        const organiser = await findOrganiser(db, userId);
        if (!organiser) throw unauthorized(); // the account went away meanwhile
        const id = randomUUID();
        const stored = await insertEvent(db, id, userId, checked.value, thumbnail, app.clock());
        // Made from what was stored, not read back.
        const event = toEventDto({ id, ...checked.value, thumbnail, ...stored, goingCount: 0, ...organiser });
        return { statusCode: 201, body: { status: true, message: 'Event created!', event } };
      },
    });
  });

  app.put('/events/:id', {
    config: { access: { owner: 'id' } },
    preValidation: ownerThenForm(ownEvent, readEventForm),
    schema: { params: IdParams, body: EventForm, response: { 200: EventSavedAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const userId = callerOf(request).user.id;
    const { id } = request.params;
    const current = await ownEvent(request, id);
    const banner = banners.get(request);
    const checked = checkEventForm(request.body, { hasThumbnail: banner !== undefined, current });
    if (!checked.ok) throw invalid(checked);
    const thumbnail = banner ? await saveBanner(banner) : undefined;
    const { replaced, told } = await removedOnFailure(storage, thumbnail ? [thumbnail] : [],
      updateEvent(app.db, id, userId, checked.value, thumbnail, app.clock()).then(doneOr(ownerCallMissing, 'event')));
    // After the commit: the replaced banner is no longer named by any row.
    if (replaced) await removeUpload(storage, replaced);
    tellUsers(app, told, 'notification', { title: EVENT_NOTIFICATION });
    const row = await findEvent(app.db, id);
    if (!row) throw ownerCallMissing(); // deleted meanwhile
    return { status: true, message: 'Event updated!', event: toEventDto(row) };
  });

  app.delete('/events/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, response: { 200: StatusAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const { thumbnail, told } = doneOr(ownerCallMissing, 'event')(await deleteEvent(app.db, request.params.id, callerOf(request).user.id));
    await removeUpload(storage, thumbnail);
    tellUsers(app, told, 'notification', { title: EVENT_NOTIFICATION });
    return { status: true, message: 'Event deleted' };
  });
};

export default eventsRoutes;
