import { sql, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.js';
import type { EventHit, NeedHit, SkillHit } from './schemas.js';

/** Cards per group in one answer. */
export const SEARCH_PAGE = 20;
/**
 * Matches looked at per group: the work of one query is bounded, so a word that most rows contain
 * costs no more than this; counts stop here too (the answer says `capped`). The page is ranked
 * among these.
 */
export const SEARCH_COUNT_CAP = 100;

export interface GroupResult<T> {
  count: number;
  capped: boolean;
  items: T[];
}

/** Typed words shorter than this are taken as they are: too few letters to tell a typo from another word. */
const MEND_MIN_LENGTH = 4;
/** Dictionary words tried for one unknown typed word, closest first. */
const MENDS_PER_WORD = 3;

/** A lexeme as a tsquery operand: quoted, so no character in it is read as query syntax. */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The text query as a tsquery: every word must match (English stemming: 'hostels' is 'hostel'),
 * and a word no row has ever had may also match the dictionary words closest to it by trigram
 * similarity ('hostle' → 'hostel'; pg_trgm's `%`, similarity at least 0.3): `'hostle' | 'hostel' | ...`.
 * A typo in the first letter, or one that changes the length by more than 2, is not mended. Null when the text has no word
 * at all (only stop words or punctuation). One query against the small dictionary, whatever the
 * boards' size.
 */
async function searchQuery(db: Db, q: string): Promise<string | null> {
  const rows = await db.execute<{ term: string; known: boolean; close: string[] }>(sql`
    select t.term,
      exists (select 1 from search_words w where w.word = t.term) as known,
      array(
        select w.word from search_words w
        where length(t.term) >= ${MEND_MIN_LENGTH}
          and left(w.word, 1) = left(t.term, 1) and length(w.word) between length(t.term) - 2 and length(t.term) + 2
          and w.word % t.term
        order by similarity(w.word, t.term) desc, w.word
        limit ${MENDS_PER_WORD}
      ) as close
    from (select distinct unnest(tsvector_to_array(to_tsvector('english', ${q}))) as term) t
    order by t.term`);
  const terms = (rows as unknown as { rows: { term: string; known: boolean; close: string[] }[] }).rows;
  if (terms.length === 0) return null;
  return terms
    .map(({ term, known, close }) => {
      const options = known ? [term] : [term, ...close.filter((word) => word !== term)];
      return options.length === 1 ? operand(term) : `(${options.map(operand).join(' | ')})`;
    })
    .join(' & ');
}

/**
 * One ranked, capped query over a board: the newest SEARCH_COUNT_CAP rows whose full-text vector
 * matches (GIN index, or the created_at index walked from the newest for a word most rows have),
 * ranked by text rank (name above category above the rest), newest first among equals. The count comes from the same query (a window over the capped
 * matches).
 */
async function searchGroup<T>(db: Db, table: string, columns: SQL, tsquery: string): Promise<GroupResult<T>> {
  const rows = await db.execute<T & { total: number }>(sql`
    with matches as (
      select t.*, ts_rank(t.search_vector, ${tsquery}::tsquery) as rank
      from ${sql.identifier(table)} t
      where t.search_vector @@ ${tsquery}::tsquery
      order by t.created_at desc
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

const none = { count: 0, capped: false, items: [] };

export async function search(db: Db, q: string) {
  const tsquery = await searchQuery(db, q);
  if (tsquery === null) return { needs: none, events: none, skills: none, totalResults: 0 };
  const [needs, events, skills] = [
    await searchGroup<Static<typeof NeedHit>>(db, 'needs', needColumns, tsquery),
    await searchGroup<Static<typeof EventHit>>(db, 'events', eventColumns, tsquery),
    await searchGroup<Static<typeof SkillHit>>(db, 'skills', skillColumns, tsquery),
  ];
  return { needs, events, skills, totalResults: needs.count + events.count + skills.count };
}
