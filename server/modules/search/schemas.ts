import { Type } from '@fastify/type-provider-typebox';

export const SearchQuery = Type.Object({
  // Blank after trimming answers no results (the SPA only clears then).
  q: Type.String({ maxLength: 200 }),
}, { additionalProperties: false });

/** What a home-search card shows (spec §3 "Search response"). */
export const NeedHit = Type.Object({
  _id: Type.String(),
  type: Type.String(),
  serviceName: Type.String(),
  description: Type.String(),
  category: Type.String(),
  images: Type.Array(Type.String()),
  location: Type.Object({ address: Type.String(), city: Type.String(), state: Type.String() }),
});
export const EventHit = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  thumbnail: Type.String(),
  startDate: Type.String(),
  address: Type.String(),
  location: Type.Object({ address: Type.String() }),
  url: Type.String(),
});
export const SkillHit = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  images: Type.Array(Type.String()),
  category: Type.String(),
  customCategory: Type.String(),
  address: Type.String(),
  url: Type.String(),
});

const group = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({
  /** Matches, counted up to SEARCH_COUNT_CAP (`capped` says when there may be more). */
  count: Type.Integer(),
  capped: Type.Boolean(),
  items: Type.Array(item),
});

export const SearchAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    meta: Type.Object({ query: Type.String(), totalResults: Type.Integer() }),
    needs: group(NeedHit),
    events: group(EventHit),
    skills: group(SkillHit),
  }),
});
