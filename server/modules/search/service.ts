import { sql, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { EventHit, NeedHit, SkillHit } from './schemas.js';

/** Cards per group in one answer. */
export const SEARCH_PAGE = 20;
/**
 * Matches looked at per group: the work of one query is bounded, so a word that most rows contain
 * costs no more than this; counts stop here too (the answer says `capped`).
 */
export const SEARCH_COUNT_CAP = 500;

export interface GroupResult<T> {
  count: number;
  capped: boolean;
  items: T[];
}

/**
 * One ranked, capped query over a board: rows whose full-text vector matches the words (English
 * stemming: 'hostels' finds 'hostel'), or whose short fields are close to the typed text by trigram
 * word similarity ('hostle' finds 'hostel'; pg_trgm's `<%`, threshold set per connection in
 * db/client.ts). Ranked by text rank plus similarity, newest first among equals. The count comes
 * from the same query (a window over the capped matches).
 */
async function searchGroup<T>(db: Db, table: string, columns: SQL, q: string): Promise<GroupResult<T>> {
  const rows = await db.execute<T & { total: number }>(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq),
    matches as (
      select t.*, ts_rank(t.search_vector, query.tsq) + word_similarity(${q}, t.search_terms) as rank
      from ${sql.identifier(table)} t, query
      where t.search_vector @@ query.tsq or ${q} <% t.search_terms
      limit ${SEARCH_COUNT_CAP}
    )
    select ${columns}, count(*) over () as total
    from matches m
    order by m.rank desc, m.created_at desc, m.id
    limit ${SEARCH_PAGE}`);
  const list = (rows as unknown as { rows: (T & { total: number | string })[] }).rows;
  const count = list.length > 0 ? Number(list[0].total) : 0;
  return {
    count,
    capped: count >= SEARCH_COUNT_CAP,
    items: list.map(({ total: _total, ...item }) => item as T),
  };
}

const needColumns = sql`m.id::text as "_id", m.type, m.service_name as "serviceName", m.description, m.category, m.images,
  json_build_object('address', m.address, 'city', m.city, 'state', m.state) as location`;
// `url` is made here from the id, never taken from a stored value.
const eventColumns = sql`m.id::text as "_id", m.title, m.description, m.thumbnail, m.start_date::text as "startDate", m.address,
  json_build_object('address', m.address) as location, '/events/' || m.id as url`;
const skillColumns = sql`m.id::text as "_id", m.title, m.description, m.images, m.category, m.custom_category as "customCategory",
  m.address, '/skills/' || m.id as url`;

export async function search(db: Db, q: string) {
  const [needs, events, skills] = [
    await searchGroup<Static<typeof NeedHit>>(db, 'needs', needColumns, q),
    await searchGroup<Static<typeof EventHit>>(db, 'events', eventColumns, q),
    await searchGroup<Static<typeof SkillHit>>(db, 'skills', skillColumns, q),
  ];
  return { needs, events, skills, totalResults: needs.count + events.count + skills.count };
}
