import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox, Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest, failure, forbidden, invalid, unauthorized } from '../../lib/http-error.js';
import { idempotent } from '../../lib/idempotency.js';
import { PAGE_DEFAULT } from '../../lib/pagination.js';
import { IdParams, StatusAnswer, UserIdParams, errorAnswers } from '../../lib/schemas.js';
import { doneOr } from '../../lib/owned.js';
import { controlChars } from '../../lib/text.js';
import { removedOnFailure, removeUploads, saveImages } from '../../lib/uploads/images.js';
import { afterCommit } from '../../db/cache.js';
import { checkBeforeFiles, ownerThenForm, readForm } from '../../lib/uploads/read-parts.js';
import { callerOf } from '../../plugins/auth.js';
import { MB } from '../../plugins/multipart.js';
import { lookupsOnBehalfOf } from '../geo/on-behalf.js';
import { FORM_FIELD_MAX, SkillForm, SkillListAnswer, SkillListQuery, SkillSavedAnswer, SkillSchema } from './schemas.js';
import {
  deleteSkill, findOwner, findOwnership, findSkill, insertSkill, listSkills, placeSkill, toSkillDto, updateSkill,
} from './service.js';
import { checkSkillForm, MAX_IMAGES, MAX_PORTFOLIO_IMAGES } from './validation.js';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { seenBy, sendListJson } from '../../lib/visibility.js';

const SKILL_NOT_FOUND = 'Skill not found';
const skillMissing = () => failure(404, SKILL_NOT_FOUND);

const FILE_FIELDS = ['images', 'portfolioImages'] as const;
type FileField = (typeof FILE_FIELDS)[number];
type Files = Record<FileField, Buffer[]>;

/** The files of each form being handled, between reading the form and the handler. */
const formFiles = new WeakMap<FastifyRequest, Files>();

/**
 * Reads the skill form: its text fields become the body the route schema checks (exactly like a
 * JSON body), the files are kept for the handler. Nothing is decoded here. One file more than both
 * kinds together may hold is still read, so five images get the form's own message, not a
 * multipart error.
 */
async function readSkillForm(request: FastifyRequest) {
  const { fields, files } = await readForm(request, {
    maxFieldBytes: FORM_FIELD_MAX,
    maxFields: 20,
    fileFields: FILE_FIELDS,
    maxFiles: MAX_IMAGES + MAX_PORTFOLIO_IMAGES + 1,
    maxFileBytes: 5 * MB,
    tooLargeMessage: 'Image size should be less than 5MB',
    // The keep lists of an edit are checked with the whole form; they come after the text fields' rules.
    checkFields: checkBeforeFiles<Static<typeof SkillForm>>(request, {
      fileFields: FILE_FIELDS,
      check: (body, counts) => checkSkillForm(body, { newImages: counts.images, newPortfolioImages: counts.portfolioImages }),
    }),
  });
  request.body = fields;
  formFiles.set(request, { images: files.images, portfolioImages: files.portfolioImages });
}

const skillsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const storage = app.uploads;

  /** The skill named by an owner-only call, if the caller owns it: 404 when there is none, 403 when it is someone else's. */
  async function ownSkill(request: FastifyRequest, id: string) {
    const skill = await findOwnership(app.db, id);
    if (!skill) throw skillMissing();
    if (skill.userId !== callerOf(request).user.id) throw forbidden();
    return skill;
  }

  /**
   * Stores each file in form order (counted as it arrived); a file that is not an image answers 400
   * about its field. If any step fails, the files stored so far are removed again.
   */
  const saveFiles = (files: Files): Promise<Record<FileField, string[]>> =>
    saveImages({ storage, kind: 'skills', nameField: true },
      { images: files.images, portfolioImages: files.portfolioImages });
  const removeFiles = (paths: string[]) => removeUploads(storage, paths);
  /**
   * The map's layer shows skills by coordinates: looked up after the answer, never holding it up,
   * after every interactive lookup and on the owner's geocoding allowance (geo/on-behalf.ts).
   */
  const placeOnMap = (userId: string, id: string, address: string) =>
    app.runInBackground('placing a skill on the map', () =>
      placeSkill(app.db, lookupsOnBehalfOf({ db: app.db, geocoder: app.geocoder, limits: app.config.limits, log: app.log }, userId), id, address));

  app.get('/skills', {
    config: { access: 'public' },
    schema: { querystring: SkillListQuery, response: { 200: SkillListAnswer } },
  }, async (request, reply) => {
    const q = request.query.q?.trim() ?? '';
    // Postgres text cannot hold some of them (NUL), and no skill contains any.
    if (controlChars.test(q)) throw badRequest('q contains invalid characters');
    const limit = request.query.limit ?? PAGE_DEFAULT;
    const { cursor } = request.query;
    // Answers kept, serialized, until the board changes (lib/cached-reads.ts), as the needs board's.
    // Never contact details: a list would hand them out in bulk (modules/contact answers one at a time).
    // A member who blocked someone, or whom someone blocked, gets a page of their own (lib/visibility.ts).
    const excluded = await hiddenAuthorsFor(app.db, request.user?.id);
    return sendListJson(reply, app.db, 'skills', JSON.stringify([q, limit, cursor]), excluded, async (without) => {
      const { page, nextCursor } = await listSkills(app.db, { q: q || undefined, limit, cursor }, without);
      return { success: true, skills: page.map((row) => toSkillDto(row, false)), nextCursor };
    });
  });

  // The answer is the Skill itself, without an envelope (the SPA reads the body as the skill).
  app.get('/skills/:id', {
    config: { access: 'public' },
    schema: { params: IdParams, response: { 200: SkillSchema } },
  }, async (request) => {
    const row = await findSkill(app.db, request.params.id);
    const seen = row && (await seenBy(app.db, request.user?.id, row));
    if (!row || !seen) throw skillMissing();
    // Its contact only to its owner (the edit form starts from it); others press Contact (modules/contact).
    return toSkillDto(row, row.ownerId === request.user?.id, seen.moderation);
  });

  app.post('/create-skills/:userId/skills', {
    // The access check runs before the body is read: only the account's owner gets a form parsed.
    config: { access: { self: 'userId' } },
    preValidation: readSkillForm,
    schema: { params: UserIdParams, body: SkillForm, response: { 201: SkillSavedAnswer, ...errorAnswers(409, 422) } },
  }, async (request, reply) => {
    const userId = callerOf(request).user.id;
    const files = formFiles.get(request) ?? { images: [], portfolioImages: [] };
    const checked = checkSkillForm(request.body, { newImages: files.images.length, newPortfolioImages: files.portfolioImages.length });
    if (!checked.ok) throw invalid(checked);
    return idempotent(app.db, request, reply, { userId, route: 'create-skill' }, {
      prepare: () => saveFiles(files),
      discard: (saved) => removeFiles([...saved.images, ...saved.portfolioImages]),
      create: async (db, saved) => {
        const owner = await findOwner(db, userId);
        if (!owner) throw unauthorized(); // the account went away meanwhile
        const id = randomUUID();
        const createdAt = await insertSkill(db, id, userId, checked.value.fields, saved.images, saved.portfolioImages);
        // Made from what was stored, not read back.
        const skill = toSkillDto({ id, ...checked.value.fields, ...saved, createdAt, ...owner }, true);
        // Looked up once the skill is there to place (never for a create that rolled back).
        afterCommit(db, () => placeOnMap(userId, id, checked.value.fields.address));
        return { statusCode: 201, body: { status: true, message: 'Skill created!', skill } };
      },
    });
  });

  app.put('/skills/:id', {
    config: { access: { owner: 'id' } },
    preValidation: ownerThenForm(ownSkill, readSkillForm),
    schema: { params: IdParams, body: SkillForm, response: { 200: SkillSavedAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const userId = callerOf(request).user.id;
    const { id } = request.params;
    const current = await ownSkill(request, id);
    const files = formFiles.get(request) ?? { images: [], portfolioImages: [] };
    const checked = checkSkillForm(request.body, {
      newImages: files.images.length, newPortfolioImages: files.portfolioImages.length, current,
    });
    if (!checked.ok) throw invalid(checked);
    const saved = await saveFiles(files);
    // A keep list the form left out: every image stays, as the row has them when the edit takes it (not as read above).
    const kept = {
      images: request.body.keepImages === undefined ? 'all' as const : checked.value.keptImages,
      portfolioImages: request.body.keepPortfolioImages === undefined ? 'all' as const : checked.value.keptPortfolioImages,
    };
    const { dropped } = await removedOnFailure(storage, [...saved.images, ...saved.portfolioImages],
      updateSkill(app.db, id, userId, checked.value.fields, kept, saved).then(doneOr(skillMissing, 'skill')));
    // After the commit: the dropped files are no longer named by any row.
    await removeFiles(dropped);
    if (checked.value.fields.address !== current.address || current.latitude === null) placeOnMap(userId, id, checked.value.fields.address);
    const row = await findSkill(app.db, id);
    if (!row) throw skillMissing(); // deleted meanwhile
    return { status: true, message: 'Skill updated!', skill: toSkillDto(row, true) };
  });

  app.delete('/skills/:id', {
    config: { access: { owner: 'id' } },
    schema: { params: IdParams, response: { 200: StatusAnswer, ...errorAnswers(409) } },
  }, async (request) => {
    const { files } = doneOr(skillMissing, 'skill')(await deleteSkill(app.db, request.params.id, callerOf(request).user.id));
    await removeFiles(files);
    return { status: true, message: 'Skill deleted' };
  });
};

export default skillsRoutes;
