import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, failure } from '../../lib/http-error.js';
import { StatusAnswer } from '../../lib/schemas.js';
import { controlCharsExceptBreaks } from '../../lib/text.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { tellCommentHidden, tellCommentRestored } from '../comments/live.js';
import { DismissBody, HiddenAnswer, HideBody, LogAnswer, ReportsAnswer, RestoreBody, SuspendBody, SuspensionsAnswer, UnsuspendBody } from './schemas.js';
import { auditLog, dismiss, hiddenItems, reportQueue, setHidden, suspend, suspensions, unsuspend, type Moderator } from './service.js';

// Every route here is access 'moderator' (plugins/auth.ts): signed in with the role, granted from
// the command line only (`npm run moderator`); anyone else gets 404, as for a route that does not exist.
const access = 'moderator' as const;

const moderatorOf = (request: FastifyRequest): Moderator => {
  const { id, username } = callerOf(request).user;
  return { id, username };
};

/** A reason as given: trimmed; a required one must say something, and none may hold control characters. */
function reasonOf(reason: string | undefined, required: boolean): string {
  const trimmed = reason?.trim() ?? '';
  if (required && trimmed === '') throw badRequest('reason must not be empty');
  if (controlCharsExceptBreaks.test(trimmed)) throw badRequest('reason contains invalid characters');
  return trimmed;
}

const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/moderation/reports', { config: { access }, schema: { response: { 200: ReportsAnswer } } },
    async () => ({ status: true, items: await reportQueue(app.db) }));

  app.post('/moderation/dismiss', { config: { access }, schema: { body: DismissBody, response: { 200: StatusAnswer } } }, async (request) => {
    const { itemType, itemId, reason } = request.body;
    await dismiss(app.db, moderatorOf(request), itemType, itemId, reasonOf(reason, false));
    return { status: true, message: 'Reports dismissed.' };
  });

  app.post('/moderation/hide', { config: { access }, schema: { body: HideBody, response: { 200: StatusAnswer } } }, async (request) => {
    const { itemType, itemId, reason } = request.body;
    const { authorId } = await setHidden(app.db, moderatorOf(request), itemType, itemId, reasonOf(reason, true));
    tellUsers(app, [authorId], 'notification', { title: 'Content hidden' });
    // A hidden comment also leaves the pages open on its whisper at once.
    if (itemType === 'comment') await tellCommentHidden(app, itemId);
    return { status: true, message: 'Content hidden.' };
  });

  app.post('/moderation/restore', { config: { access }, schema: { body: RestoreBody, response: { 200: StatusAnswer } } }, async (request) => {
    const { itemType, itemId, reason } = request.body;
    const { authorId } = await setHidden(app.db, moderatorOf(request), itemType, itemId, null, reasonOf(reason, false));
    tellUsers(app, [authorId], 'notification', { title: 'Content restored' });
    // A restored comment comes back to the pages open on its whisper at once.
    if (itemType === 'comment') await tellCommentRestored(app, itemId);
    return { status: true, message: 'Content restored.' };
  });

  app.post('/moderation/suspend', { config: { access }, schema: { body: SuspendBody, response: { 200: StatusAnswer } } }, async (request) => {
    const moderator = moderatorOf(request);
    const { userId, until } = request.body;
    if (userId === moderator.id) throw failure(400, 'You cannot suspend yourself.');
    const reason = reasonOf(request.body.reason, true);
    const ends = until === undefined ? null : new Date(until);
    if (ends && !(ends.getTime() > Date.now())) throw badRequest('until must be in the future');
    await suspend(app.db, app.endSessions, moderator, userId, reason, ends);
    return { status: true, message: 'Account suspended.' };
  });

  app.post('/moderation/unsuspend', { config: { access }, schema: { body: UnsuspendBody, response: { 200: StatusAnswer } } }, async (request) => {
    await unsuspend(app.db, moderatorOf(request), request.body.userId, reasonOf(request.body.reason, false));
    return { status: true, message: 'Suspension lifted.' };
  });

  app.get('/moderation/suspensions', { config: { access }, schema: { response: { 200: SuspensionsAnswer } } },
    async () => ({ status: true, users: await suspensions(app.db) }));

  app.get('/moderation/hidden', { config: { access }, schema: { response: { 200: HiddenAnswer } } },
    async () => ({ status: true, items: await hiddenItems(app.db) }));

  app.get('/moderation/log', { config: { access }, schema: { response: { 200: LogAnswer } } },
    async () => ({ status: true, actions: await auditLog(app.db) }));
};

export default moderationRoutes;
