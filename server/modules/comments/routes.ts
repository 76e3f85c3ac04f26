import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { failure, forbidden, invalid, unauthorized } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { doneOr } from '../../lib/owned.js';
import { errorAnswers, IdParams, StatusAnswer } from '../../lib/schemas.js';
import { seenBy } from '../../lib/visibility.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { findWhisper } from '../whispers/service.js';
import { tellWhisperRoom, whisperRooms } from './live.js';
import { CommentBody, CommentEditBody, CommentListAnswer, CommentListQuery, CommentSavedAnswer, RepliesAnswer } from './schemas.js';
import {
  COMMENT_NOT_FOUND, commentSeenBy, countComments, deleteComment, findComment, insertComment, listReplies, listThreads, ONE_LEVEL, toCommentDto,
  updateComment, WHISPER_NOT_FOUND,
} from './service.js';
import { checkCommentText } from './validation.js';

/** Top-level comments per page, and replies per page of `GET /api/comments/{id}/replies`, unless `limit` says otherwise. */
export const COMMENTS_PAGE = 20;

const whisperMissing = () => failure(404, WHISPER_NOT_FOUND);
const commentMissing = () => failure(404, COMMENT_NOT_FOUND);

const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  whisperRooms(app);

  /** Tells the whisper's watchers of a change already committed: a failure to tell is logged, the write's answer stands. */
  const tellWatchers = (...args: Parameters<typeof tellWhisperRoom> extends [unknown, ...infer Rest] ? Rest : never) =>
    tellWhisperRoom(app, ...args).catch((error: unknown) => app.log.error({ err: error }, 'telling a whisper\'s watchers failed'));

  /** The whisper, if the caller may see it (as its detail page: hidden, a suspended author, blocks either way: 404). */
  async function seenWhisper(whisperId: string, viewerId: string | undefined) {
    const row = await findWhisper(app.db, whisperId);
    if (!row || !(await seenBy(app.db, viewerId, row))) throw whisperMissing();
    return row;
  }

  /** The comment, if the caller may see it (its whisper, itself, its parent); 404 otherwise. */
  async function seenComment(id: string, viewerId: string | undefined) {
    const found = await findComment(app.db, id);
    const seen = found && (await commentSeenBy(app.db, viewerId, found));
    if (!found || !seen) throw commentMissing();
    return found;
  }

  app.get('/whispers/:id/comments', {
    config: { access: 'public' },
    schema: { params: IdParams, querystring: CommentListQuery, response: { 200: CommentListAnswer } },
  }, async (request) => {
    const viewerId = request.user?.id;
    await seenWhisper(request.params.id, viewerId);
    const excluded = await hiddenAuthorsFor(app.db, viewerId);
    const { limit = COMMENTS_PAGE, cursor } = request.query;
    const [{ threads, nextCursor }, commentCount] = await Promise.all([
      listThreads(app.db, request.params.id, { limit, cursor }, { id: viewerId, excluded }),
      countComments(app.db, request.params.id, excluded),
    ]);
    return { success: true, comments: threads, nextCursor, commentCount };
  });

  app.get('/comments/:id/replies', {
    config: { access: 'public' },
    schema: { params: IdParams, querystring: CommentListQuery, response: { 200: RepliesAnswer } },
  }, async (request) => {
    const viewerId = request.user?.id;
    await seenComment(request.params.id, viewerId);
    const excluded = await hiddenAuthorsFor(app.db, viewerId);
    const { limit = COMMENTS_PAGE, cursor } = request.query;
    const { replies, nextCursor } = await listReplies(app.db, request.params.id, { limit, cursor }, { id: viewerId, excluded });
    return { success: true, replies, nextCursor };
  });

  // A retried post with the same Idempotency-Key makes one comment (the key names the whisper: the
  // same key on another whisper answers 422).
  app.post('/whispers/:id/comments', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, body: CommentBody, response: { 201: CommentSavedAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    const whisperId = request.params.id;
    const checked = checkCommentText(request.body.text);
    if (!checked.ok) throw invalid(checked);
    // Blocked either way: the whisper is gone for the caller, so is commenting on it.
    const whisper = await seenWhisper(whisperId, me);
    let parent: { id: string; authorId: string; hidden: boolean } | undefined;
    if (request.body.parentId) {
      // A hidden comment is seen by its author alone, so they alone may reply under it, and their reply is theirs alone too.
      const above = await seenComment(request.body.parentId, me);
      if (above.whisperId !== whisperId || above.parentId !== null) throw invalid({ message: ONE_LEVEL, field: 'parentId' });
      parent = { id: above.id, authorId: above.authorId, hidden: above.hiddenAt !== null };
    }
    let made: Awaited<ReturnType<typeof insertComment>>;
    const answer = await idempotent(app.db, request, reply, { userId: me, route: `create-comment:${whisperId}` }, {
      create: async (db) => {
        made = await insertComment(db, { whisperId, whisperTitle: whisper.title, whisperAuthorId: whisper.authorId, parent, userId: me, text: checked.value });
        if (!made) throw unauthorized(); // the account went away meanwhile
        return { statusCode: 201, body: { status: true, message: 'Comment posted.', comment: made.comment } };
      },
    });
    // Made by this request and committed (a replayed answer made nothing): the receivers and the
    // whisper's watchers hear of it before the answer goes, so the poster's next read and theirs agree;
    // not of a reply under a hidden comment, which none of them sees (as PATCH below).
    if (made) {
      const { comment, told } = made;
      for (const notice of told) tellUsers(app, [notice.userId], 'notification', { title: notice.title });
      if (!parent?.hidden) await tellWatchers(whisperId, [me, whisper.authorId, ...(parent ? [parent.authorId] : [])], { event: 'comment:new', payload: { whisperId, comment } });
    }
    return answer;
  });

  app.patch('/comments/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, body: CommentEditBody, response: { 200: CommentSavedAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const { id } = request.params;
    // A comment the caller may not see (nor its whisper) answers 404 as one that is not there; someone else's 403.
    const found = await findComment(app.db, id);
    const seen = found && (await commentSeenBy(app.db, me, found));
    if (!found || !seen) throw commentMissing();
    if (found.authorId !== me) throw forbidden();
    const checked = checkCommentText(request.body.text);
    if (!checked.ok) throw invalid(checked);
    const { editedAt } = doneOr(commentMissing, 'comment')(await updateComment(app.db, id, me, checked.value));
    const comment = toCommentDto({ ...found, text: checked.value, editedAt });
    // Only a comment the others see goes to them (not a hidden one, nor a reply under a hidden one).
    if (!found.hiddenAt && !found.parentHiddenAt) {
      await tellWatchers(found.whisperId, [me, found.whisperAuthorId, ...(found.parentAuthorId ? [found.parentAuthorId] : [])],
        { event: 'comment:updated', payload: { whisperId: found.whisperId, comment } });
    }
    return { status: true, message: 'Comment updated.', comment };
  });

  // Its author, or the whisper's author (their whisper, their conversation), may delete a comment; its replies go with it.
  app.delete('/comments/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, response: { 200: StatusAnswer } },
  }, async (request) => {
    const me = callerOf(request).user.id;
    const { id } = request.params;
    const { whisperId, parentId } = doneOr(commentMissing, 'comment')(await deleteComment(app.db, id, me));
    // To every watcher: one who does not see the comment has nothing to remove.
    await tellWatchers(whisperId, [], { event: 'comment:deleted', payload: { whisperId, commentId: id, parentId } });
    return { status: true, message: 'Comment deleted.' };
  });
};

export default commentsRoutes;
