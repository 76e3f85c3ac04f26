import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, invalid } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { IdParams, UserIdParams, errorAnswers } from '../../lib/schemas.js';
import { removedOnFailure, removeUploads, saveImages } from '../../lib/uploads/images.js';
import { checkBeforeFiles, ownerThenForm, readForm } from '../../lib/uploads/read-parts.js';
import { callerOf } from '../../plugins/auth.js';
import { MB } from '../../plugins/multipart.js';
import {
  NeedAnswer, NeedBody, NeedDeletedAnswer, NeedEditBody, NeedSavedAnswer, NeedsAnswer, NeedsQuery,
} from './schemas.js';
import {
  assertOwner, createNeed, deleteNeed, findNeed, listNeeds, needNotFound, needOwner, toNeedDto, updateNeed,
} from './service.js';
import { checkKeptImages, checkNeed, isNeedType, MAX_IMAGES, TOO_MANY_IMAGES } from './validation.js';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { seenBy, sendListJson } from '../../lib/visibility.js';

/** The files of each form, read before validation and taken by the handler. */
const formImages = new WeakMap<FastifyRequest, Buffer[]>();

const tooManyImages = () => invalid({ message: TOO_MANY_IMAGES, field: 'images' });

/**
 * The create and edit forms: the text fields go where spec §7's JSON body has them (schemas.ts), so
 * the route schema checks both bodies alike (unknown fields, types); the images wait for the
 * handler. Runs after the access check, so only a signed-in caller (and, on create, only the path's
 * own user) gets a form read.
 */
async function readNeedForm(request: FastifyRequest) {
  const { fields, files } = await readForm(request, {
    // Bytes, not characters: room for a 2000-character description in any script.
    maxFieldBytes: 16 * 1024,
    fileFields: ['images'],
    maxFiles: MAX_IMAGES,
    tooManyFiles: tooManyImages,
    maxFileBytes: 5 * MB,
    tooLargeMessage: 'Image size should be less than 5MB',
    // The need's rules, before any image is read; an edit's keep list waits for the whole form.
    checkFields: checkBeforeFiles<NeedBodyFields>(request, {
      toBody: toNeedBody,
      fileFields: ['images'],
      check: ({ keepImages: _keep, ...body }) => checkNeed(body),
    }),
  });
  request.body = toNeedBody(fields);
  formImages.set(request, files.images);
}

type NeedBodyFields = Static<typeof NeedBody> & { keepImages?: string };

/** The form's fields where spec §7's JSON body has them. */
function toNeedBody(fields: Record<string, string>) {
  const { phone, email, address, city, state, postalCode, latitude, longitude, ...rest } = fields;
  return { contactDetails: { phone, email }, location: { address, city, state, postalCode, coordinates: { latitude, longitude } }, ...rest };
}

const needsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = app.uploads;
  const removeAll = (paths: string[]) => removeUploads(storage, paths);
  const saveNeedImages = async (files: Buffer[]) => (await saveImages({ storage, kind: 'needs' }, { images: files })).images;

  app.get('/all-needs', {
    config: { access: 'public' },
    schema: { querystring: NeedsQuery, response: { 200: NeedsAnswer } },
  }, async (request, reply) => {
    const { type, limit, cursor } = request.query;
    if (type !== undefined && !isNeedType(type)) throw badRequest("type must be 'need' or 'available'");
    // Every visitor opens the same first pages: answers are kept, serialized, until a need is written (lib/cached-reads.ts).
    // Never contact details: a list would hand them out in bulk (modules/contact answers one at a time).
    // A member who blocked someone, or whom someone blocked, gets a page of their own (lib/visibility.ts).
    const excluded = await hiddenAuthorsFor(app.db, request.user?.id);
    return sendListJson(reply, app.db, 'needs', JSON.stringify([type, limit, cursor]), excluded, async (without) => {
      const { page, nextCursor } = await listNeeds(app.db, { type, limit, cursor }, without);
      return { success: true, data: page.map((row) => toNeedDto(row, false)), nextCursor };
    });
  });

  app.get('/singleneeds/:id', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: NeedAnswer } },
  }, async (request) => {
    const need = await findNeed(app.db, request.params.id);
    const seen = need && (await seenBy(app.db, request.user?.id, need));
    if (!need || !seen) throw needNotFound();
    // Its contact only to its poster (the edit form starts from it); others press Contact (modules/contact).
    return { success: true, need: toNeedDto(need, need.userId === request.user?.id, seen.moderation) };
  });

  app.post('/create-need/:userId', {
    config: { access: { self: 'userId' } },
    // Spec §7's JSON body (no images) is parsed already; the SPA sends a form.
    preValidation: async (request) => {
      if (request.isMultipart()) await readNeedForm(request);
    },
    schema: { params: UserIdParams, body: NeedBody, response: { 201: NeedSavedAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    // The token's user, whatever the path's case.
    const userId = callerOf(request).user.id;
    const checked = checkNeed(request.body);
    if (!checked.ok) throw invalid(checked);
    const files = formImages.get(request) ?? [];
    return idempotent(app.db, request, reply, { userId, route: 'create-need' }, {
      prepare: () => saveNeedImages(files),
      discard: removeAll,
      create: async (db, images) => {
        const need = await createNeed(db, userId, checked.value, images);
        return { statusCode: 201, body: { success: true, message: 'Need created successfully!', need: toNeedDto(need, true) } };
      },
    });
  });

  app.put('/needs/:id', {
    config: { access: { owner: 'id' } },
    // Only a form (spec §7 names no edit call); the handler checks the owner again against the row it edits.
    preValidation: ownerThenForm(async (request, id) => assertOwner(await needOwner(app.db, id), callerOf(request).user.id), readNeedForm),
    schema: { params: IdParams, body: NeedEditBody, response: { 200: NeedSavedAnswer } },
  }, async (request) => {
    const userId = callerOf(request).user.id;
    const { id } = request.params;
    // Someone else's need answers 403 whatever the form says, and no file of theirs is stored.
    const current = await needOwner(app.db, id);
    assertOwner(current, userId);
    const { keepImages, ...body } = request.body;
    const checked = checkNeed(body);
    if (!checked.ok) throw invalid(checked);
    const kept = checkKeptImages(keepImages, current.images);
    if (!kept.ok) throw invalid(kept);
    const files = formImages.get(request) ?? [];
    if (kept.value.length + files.length > MAX_IMAGES) throw tooManyImages();
    const added = await saveNeedImages(files);
    // Checked again in the transaction, against the images the need has by then.
    const result = await removedOnFailure(storage, added, updateNeed(app.db, id, userId, checked.value, keepImages, added));
    // Only once the update has committed: a failed update leaves the need's images in place.
    await removeAll(result.dropped);
    return { success: true, message: 'Need updated successfully!', need: toNeedDto(result.need, true) };
  });

  app.delete('/needs/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, response: { 200: NeedDeletedAnswer } },
  }, async (request) => {
    const images = await deleteNeed(app.db, request.params.id, callerOf(request).user.id);
    await removeAll(images);
    return { success: true, message: 'Need deleted' };
  });
};

export default needsRoutes;
