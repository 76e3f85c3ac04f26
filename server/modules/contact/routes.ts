import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { blockedBetween } from '../../lib/blocks.js';
import { notFound, tooManyRequests } from '../../lib/http-error.js';
import { limitKeys } from '../../lib/limit-keys.js';
import { takeHits } from '../../lib/quota.js';
import { IdParams } from '../../lib/schemas.js';
import { callerOf } from '../../plugins/auth.js';
import { ContactAnswer, CONTACT_KINDS, type ContactKind } from './schemas.js';
import { findContact } from './service.js';

export const TOO_MANY_CONTACT_REVEALS = 'You have opened too many contact details this hour. Please try again later.';

/** The 404 of each kind, in the words (and with the flag) of that board's own detail call. */
const missing: Record<ContactKind, () => Error> = {
  need: () => notFound('Need not found', { success: false }),
  event: () => notFound('Event not found', { success: false }),
  skill: () => notFound('Skill not found', { status: false }),
};

/**
 * The detail pages' Contact button: the contact details typed into one post, to signed-in members,
 * one post at a time and at most `contactRevealsPerUser` an hour per member (429 past it), so no
 * one can harvest them; lists, search and detail answers never carry them (but to the author).
 * One route per kind (not `/contact/:kind/:id`): every path parameter is then an id, checked by the
 * schema like any other.
 */
const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { contactRevealsPerUser, contactRevealWindowMs } = app.config.limits;
  for (const kind of CONTACT_KINDS) {
    app.get(`/contact/${kind}/:id`, {
      config: { access: 'signed-in' },
      schema: { params: IdParams, response: { 200: ContactAnswer } },
    }, async (request) => {
      const userId = callerOf(request).user.id;
      const found = await findContact(app.db, kind, request.params.id);
      // Unknown posts are not counted: a refused request counts for nothing (lib/quota.ts), and ids are not guessable.
      if (!found) throw missing[kind]();
      // What the member cannot open (hidden by a moderator, or between members who blocked each other) has no contact either.
      const own = found.authorId === userId;
      if (!own && (found.hiddenAt || (await blockedBetween(app.db, userId, found.authorId)))) throw missing[kind]();
      // Authors reading their own post's contact are not counted: it is theirs.
      if (!own) {
        await takeHits(app.db, [{ key: limitKeys.contactRevealsByUser(userId), max: contactRevealsPerUser, windowMs: contactRevealWindowMs }],
          () => tooManyRequests(TOO_MANY_CONTACT_REVEALS));
      }
      return { success: true, contact: found.contact };
    });
  }
};

export default contactRoutes;
