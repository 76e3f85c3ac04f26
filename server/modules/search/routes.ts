import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenAuthorsFor } from '../../lib/blocks.js';
import { sendCachedJson } from '../../lib/cached-reads.js';
import { SearchAnswer, SearchQuery } from './schemas.js';
import { search } from './service.js';

const emptyGroup = { count: 0, capped: false, items: [] };

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The home search (spec §2, §7): public, no token needed.
  app.get('/search', {
    config: { access: 'public' },
    schema: {
      querystring: SearchQuery,
      response: { 200: SearchAnswer },
    },
  }, async (request, reply) => {
    const q = request.query.q.trim().replace(/\s+/g, ' ');
    if (q === '') {
      return { success: true, data: { meta: { query: '', totalResults: 0 }, needs: emptyGroup, events: emptyGroup, skills: emptyGroup } };
    }
    // The answer is the same for every caller (cards carry no contact details): the searches many
    // visitors make ('hostel', a city) cost one query each until the boards change, as list pages do.
    const answer = async (excluded: readonly string[]) => {
      const { needs, events, skills, totalResults } = await search(app.db, q, excluded);
      return { success: true, data: { meta: { query: q, totalResults }, needs, events, skills } };
    };
    // A member who blocked someone, or whom someone blocked, gets an answer of their own, without
    // those members' posts (hidden posts and suspended members' are left out of every answer).
    const excluded = await hiddenAuthorsFor(app.db, request.user?.id);
    if (excluded.length > 0) return answer(excluded);
    return sendCachedJson(reply, app.db, 'search', q, () => answer([]));
  });
};

export default searchRoutes;
