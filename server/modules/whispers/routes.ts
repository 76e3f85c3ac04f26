import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { afterCommit } from '../../db/cache.js';
import { blocksOf, hiddenAuthorsFor } from '../../lib/blocks.js';
import { seenBy, sendListJson } from '../../lib/visibility.js';
import { badRequest, failure, forbidden, invalid, unauthorized } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { PAGE_DEFAULT } from '../../lib/pagination.js';
import { ActorBody, IdParams, StatusAnswer, errorAnswers } from '../../lib/schemas.js';
import { doneOr } from '../../lib/owned.js';
import { controlChars } from '../../lib/text.js';
import { removedOnFailure, removeUploads, saveImages } from '../../lib/uploads/images.js';
import { checkBeforeFiles, ownerThenForm, readForm } from '../../lib/uploads/read-parts.js';
import { callerOf } from '../../plugins/auth.js';
import { tellUsers } from '../../plugins/realtime.js';
import { friendStatus } from '../friends/service.js';
import { MB } from '../../plugins/multipart.js';
import {
  FollowAnswer, FORM_FIELD_MAX, LikeAnswer, PublicProfileAnswer, WhisperAnswer, WhisperForm, WhisperListAnswer, WhisperListQuery, WhisperSavedAnswer,
} from './schemas.js';
import {
  deleteWhisper, findAuthor, findOwnership, findWhisper, insertWhisper, listWhispers, publicProfile, setFollow, toggleLike, toWhisperDto, updateWhisper,
} from './service.js';
import { checkWhisperForm, MAX_WHISPER_IMAGES } from './validation.js';

const WHISPER_NOT_FOUND = 'Whisper not found';
const whisperMissing = () => failure(404, WHISPER_NOT_FOUND);
const userMissing = () => failure(404, 'User not found');

/** The images of each form being handled, between reading the form and the handler. */
const formImages = new WeakMap<FastifyRequest, Buffer[]>();

/** Reads the whisper form: text fields become the body the schema checks, images wait for the handler. */
async function readWhisperForm(request: FastifyRequest) {
  const { fields, files } = await readForm(request, {
    maxFieldBytes: FORM_FIELD_MAX,
    maxFields: 10,
    fileFields: ['images'],
    // One more than allowed is still read, so five images get the form's own message.
    maxFiles: MAX_WHISPER_IMAGES + 1,
    maxFileBytes: 5 * MB,
    tooLargeMessage: 'Image size should be less than 5MB',
    // The text's rules before any image is read; an edit's keep list waits for the whole form.
    checkFields: checkBeforeFiles<Static<typeof WhisperForm>>(request, {
      fileFields: ['images'],
      check: (body, counts) => checkWhisperForm(body, { newImages: counts.images }),
    }),
  });
  request.body = fields;
  formImages.set(request, files.images);
}

const whispersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = app.uploads;
  const removeFiles = (paths: string[]) => removeUploads(storage, paths);
  /** Stores each image in form order; a file that is not an image answers 400 about 'images'; on failure none stay. */
  const saveWhisperImages = async (files: Buffer[]) =>
    (await saveImages({ storage, kind: 'whispers', nameField: true }, { images: files })).images;

  /** The whisper an owner-only call names, if the caller owns it: 404 when there is none, 403 when it is someone else's. */
  async function ownWhisper(request: FastifyRequest, id: string) {
    const whisper = await findOwnership(app.db, id);
    if (!whisper) throw whisperMissing();
    if (whisper.userId !== callerOf(request).user.id) throw forbidden();
    return whisper;
  }

  app.get('/approved-whispers', {
    config: { access: 'public' },
    schema: { querystring: WhisperListQuery, response: { 200: WhisperListAnswer } },
  }, async (request, reply) => {
    const q = request.query.q?.trim() ?? '';
    if (controlChars.test(q)) throw badRequest('q contains invalid characters');
    const limit = request.query.limit ?? PAGE_DEFAULT;
    const { cursor } = request.query;
    // The same for every caller (no contact details): kept, serialized, until a whisper or a like changes them.
    // A member who blocked someone, or whom someone blocked, gets a page of their own (lib/visibility.ts).
    const excluded = await hiddenAuthorsFor(app.db, request.user?.id);
    return sendListJson(reply, app.db, 'whispers', JSON.stringify([q, limit, cursor]), excluded, async (without) => {
      const { page, nextCursor } = await listWhispers(app.db, { q: q || undefined, limit, cursor }, without);
      return { success: true, whispers: page.map((row) => toWhisperDto(row)), nextCursor };
    });
  });

  app.get('/whispers/:id', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: WhisperAnswer } },
  }, async (request) => {
    const row = await findWhisper(app.db, request.params.id, await hiddenAuthorsFor(app.db, request.user?.id));
    const seen = row && (await seenBy(app.db, request.user?.id, row));
    if (!row || !seen) throw whisperMissing();
    return { success: true, whisper: toWhisperDto(row, seen.moderation) };
  });

  // The id is the author's user id.
  app.get('/whispers/public-profile/:id', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: PublicProfileAnswer } },
  }, async (request) => {
    const caller = request.user?.id;
    const other = caller && caller !== request.params.id ? caller : undefined;
    // A member who blocked the caller is gone for them; one the caller blocked is still shown, to unblock.
    const blocks = other ? await blocksOf(app.db, other) : undefined;
    if (blocks?.blockedBy.includes(request.params.id)) throw userMissing();
    const found = await publicProfile(app.db, request.params.id, caller);
    if (!found) throw userMissing();
    const friends = other ? await friendStatus(app.db, other, found.profile._id) : 'none';
    const blocked = blocks ? { blocked: blocks.blocked.includes(found.profile._id) } : {};
    return { success: true, profile: { ...found.profile, friendStatus: friends, ...blocked }, posts: found.posts };
  });

  app.post('/whispers', {
    config: { access: 'signed-in' },
    preValidation: readWhisperForm,
    schema: { body: WhisperForm, response: { 201: WhisperSavedAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const userId = callerOf(request).user.id;
    const files = formImages.get(request) ?? [];
    const checked = checkWhisperForm(request.body, { newImages: files.length });
    if (!checked.ok) throw invalid(checked);
    return idempotent(app.db, request, reply, { userId, route: 'create-whisper' }, {
      prepare: () => saveWhisperImages(files),
      discard: removeFiles,
      create: async (db, images) => {
        const author = await findAuthor(db, userId);
        if (!author) throw unauthorized(); // the account went away meanwhile
        const id = randomUUID();
        const createdAt = await insertWhisper(db, id, userId, checked.value.fields, images);
        // Made from what was stored, not read back.
        const whisper = toWhisperDto({ id, ...checked.value.fields, images, createdAt, likes: [], commentCount: 0, ...author });
        return { statusCode: 201, body: { status: true, message: 'Whisper published!', whisper } };
      },
    });
  });

  app.put('/whispers/:id', {
    config: { access: { owner: 'id' } },
    preValidation: ownerThenForm(ownWhisper, readWhisperForm),
    schema: { params: IdParams, body: WhisperForm, response: { 200: WhisperSavedAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const userId = callerOf(request).user.id;
    const { id } = request.params;
    const current = await ownWhisper(request, id);
    const files = formImages.get(request) ?? [];
    const checked = checkWhisperForm(request.body, { newImages: files.length, currentImages: current.images });
    if (!checked.ok) throw invalid(checked);
    const added = await saveWhisperImages(files);
    const { dropped } = await removedOnFailure(storage, added,
      // No keepImages: every image stays, as the row has them when the edit takes it (not as read above).
      updateWhisper(app.db, id, userId, checked.value.fields, request.body.keepImages === undefined ? 'all' : checked.value.keptImages, added)
        .then(doneOr(whisperMissing, 'whisper')));
    await removeFiles(dropped);
    const row = await findWhisper(app.db, id, await hiddenAuthorsFor(app.db, userId));
    if (!row) throw whisperMissing(); // deleted meanwhile
    return { status: true, message: 'Whisper updated!', whisper: toWhisperDto(row) };
  });

  app.delete('/whispers/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, response: { 200: StatusAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const { files } = doneOr(whisperMissing, 'whisper')(await deleteWhisper(app.db, request.params.id, callerOf(request).user.id));
    await removeFiles(files);
    return { status: true, message: 'Whisper deleted' };
  });

  // Spec §7 sends { userId } with these; the server acts as the token's user whatever the body says.
  // A toggle: a retry of a like whose answer was lost would take it back. With an Idempotency-Key
  // (as the route key names the whisper, the same key on another whisper answers 422) the retry
  // gets the first answer instead.
  app.post('/whispers/:id/like', {
    config: { access: 'signed-in' },
    schema: { params: IdParams, body: ActorBody, response: { 200: LikeAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const me = callerOf(request).user.id;
    // A whisper the caller may not open (hidden, its author suspended, blocked either way) is gone for them.
    const row = await findWhisper(app.db, request.params.id);
    if (!row || !(await seenBy(app.db, me, row))) throw whisperMissing();
    return idempotent(app.db, request, reply, { userId: me, route: `like-whisper:${request.params.id}` }, {
      create: async (db) => {
        const result = await toggleLike(db, request.params.id, me);
        if (!result) throw whisperMissing();
        const { told } = result;
        if (told) afterCommit(db, () => tellUsers(app, [told], 'notification', { title: 'New like' }));
        return { statusCode: 200, body: { success: true, liked: result.liked, likes: result.likes, likesCount: result.likes.length } };
      },
    });
  });

  for (const action of ['follow', 'unfollow'] as const) {
    // The id is the user to follow. Each sets a state, but a follow retried from the offline queue
    // after a later unfollow (its answer lost) would follow again: with an Idempotency-Key (the
    // route names the action and the user, so the key elsewhere answers 422) the retry gets the
    // first answer and changes nothing.
    app.post(`/whispers/:id/${action}`, {
      config: { access: 'signed-in' },
      schema: { params: IdParams, body: ActorBody, response: { 200: FollowAnswer, ...errorAnswers(403, 409, 422) } },
    }, async (request, reply) => {
      const me = callerOf(request).user.id;
      if (request.params.id === me) throw badRequest('You cannot follow yourself.');
      return idempotent(app.db, request, reply, { userId: me, route: `${action}-user:${request.params.id}` }, {
        create: async (db) => {
          const result = await setFollow(db, me, request.params.id, action === 'follow');
          if (!result) throw userMissing();
          if (result === 'blocked') throw failure(403, 'You cannot follow this member.');
          const { told, ...answer } = result;
          if (told) afterCommit(db, () => tellUsers(app, [request.params.id], 'notification', { title: 'New follower' }));
          const message = action === 'follow' ? 'You are now following this user.' : 'You have unfollowed this user.';
          return { statusCode: 200, body: { success: true as const, message, ...answer } };
        },
      });
    });
  }
};

export default whispersRoutes;
