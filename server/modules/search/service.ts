import { sql, type SQL } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import { cachedReadMany } from '../../db/cache.js';
import { rowsOf, type Db } from '../../db/client.js';
import { events, needs, skills } from '../../db/schema.js';
import type { EventHit, NeedHit, SkillHit } from './schemas.js';

/** Cards per group in one answer. */
export const SEARCH_PAGE = 20;
/** Each board's newest matches that are ranked and counted (the answer says `capped` when there are more). */
export const SEARCH_COUNT_CAP = 100;

/** Typed words shorter than this are taken as they are: too few letters to tell a typo from another word. */
const MEND_MIN_LENGTH = 4;
/** Dictionary words tried for one unknown typed word, closest first. */
const MENDS_PER_WORD = 3;

/** A lexeme as a tsquery operand: quoted, so no character in it is read as query syntax. */
const operand = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A typed word's stemmed lexeme ('hostels' is 'hostel'), or with a word no row has had, also the dictionary words closest to it. */
type Term = { term: string; options: string[] };

/**
 * Each typed word's terms (none for a stop word), with the dictionary words closest to a word no row
 * has ever had, by trigram similarity ('hostle' → 'hostel'; pg_trgm's `%`, similarity at least 0.3).
 * A typo in the first letter, or one that changes the length by more than 2, is not mended. One
 * query for all the words not kept from earlier searches (kept until a board's write, which may add
 * words to the dictionary: `boardsChanged`).
 */
function termsOf(db: Db, words: string[]): Promise<Map<string, Term[]>> {
  return cachedReadMany(db, 'search-words', words, async (missing) => {
    const rows = await db.execute(sql`
      select t.word, t.term, k.known, c.close
      from (
        select typed.word, unnest(tsvector_to_array(to_tsvector('english', typed.word))) as term
        from jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb) as typed(word)
      ) t
      cross join lateral (select exists (select 1 from search_words w where w.word = t.term) as known) k
      cross join lateral (select array(
          select w.word from search_words w
          -- A known word is taken as it is: no trigram work for it.
          where length(t.term) >= ${MEND_MIN_LENGTH} and not k.known
            and left(w.word, 1) = left(t.term, 1) and length(w.word) between length(t.term) - 2 and length(t.term) + 2
            and w.word % t.term and w.word <> t.term
          order by similarity(w.word, t.term) desc, w.word
          limit ${MENDS_PER_WORD}
        ) as close) c`);
    const terms = new Map<string, Term[]>(missing.map((word) => [word, []]));
    for (const { word, term, known, close } of rowsOf<{ word: string; term: string; known: boolean; close: string[] }>(rows)) {
      terms.get(word)!.push({ term, options: known ? [term] : [term, ...close] });
    }
    return terms;
  });
}

/**
 * The text as a tsquery: every term of every typed word must match, a mended word as any of its
 * options: `'hostle' | 'hostel' | ...`. Null when the text has no word at all (only stop words or
 * punctuation).
 */
async function searchQuery(db: Db, q: string): Promise<{ tsquery: string; terms: number } | null> {
  const typed = [...new Set(q.toLowerCase().split(/\s+/).filter((word) => word !== ''))];
  const byTerm = new Map<string, Term>();
  for (const terms of (await termsOf(db, typed)).values()) {
    for (const term of terms) byTerm.set(term.term, term);
  }
  if (byTerm.size === 0) return null;
  const tsquery = [...byTerm.values()]
    .map(({ term, options }) => (options.length === 1 ? operand(term) : `(${options.map(operand).join(' | ')})`))
    .sort()
    .join(' & ');
  return { tsquery, terms: byTerm.size };
}

type Hits = { needs: Static<typeof NeedHit>; events: Static<typeof EventHit>; skills: Static<typeof SkillHit> };
type BoardName = keyof Hits;

/** Each board's table and its card as the answer shows it (spec §7); `url` is made from the id, never taken from a stored value. */
const BOARDS: Record<BoardName, { table: typeof needs | typeof events | typeof skills; card: SQL }> = {
  needs: {
    table: needs,
    card: sql`json_build_object('_id', ${needs.id}, 'type', ${needs.type}, 'serviceName', ${needs.serviceName}, 'description', ${needs.description},
      'category', ${needs.category}, 'images', ${needs.images}, 'location', json_build_object('address', ${needs.address}, 'city', ${needs.city}, 'state', ${needs.state}))`,
  },
  events: {
    table: events,
    card: sql`json_build_object('_id', ${events.id}, 'title', ${events.title}, 'description', ${events.description}, 'thumbnail', ${events.thumbnail},
      'startDate', ${events.startDate}, 'address', ${events.address}, 'location', json_build_object('address', ${events.address}), 'url', '/events/' || ${events.id})`,
  },
  skills: {
    table: skills,
    card: sql`json_build_object('_id', ${skills.id}, 'title', ${skills.title}, 'description', ${skills.description}, 'images', ${skills.images},
      'category', ${skills.category}, 'customCategory', ${skills.customCategory}, 'address', ${skills.address}, 'url', '/skills/' || ${skills.id})`,
  },
};

/**
 * One board's part of the answer: of its newest matches (search_matches, migration 0015, asked for
 * one more than SEARCH_COUNT_CAP, which tells that there are more), the first SEARCH_PAGE of the
 * newest SEARCH_COUNT_CAP by rank (best match first, newer first among equals), each with how many
 * there were.
 */
function boardCards(name: BoardName, tsquery: string, terms: number) {
  const { table, card } = BOARDS[name];
  // Ranked by id first, and the cards of the first SEARCH_PAGE only then made.
  return sql`(
    select ${name}::text as board, r.total::int as total, r.position, ${card} as card
    from (
      select m.id, m.total, row_number() over (order by ts_rank(b.search_vector, ${tsquery}::tsquery) desc, m.created_at desc, m.id desc) as position
      from (
        select id, created_at, count(*) over () as total, row_number() over (order by created_at desc, id desc) as nth
        from search_matches(${name}::regclass, ${tsquery}::tsquery, ${terms}::int, ${SEARCH_COUNT_CAP + 1}::int)
      ) m
      join ${sql.identifier(name)} b on b.id = m.id
      where m.nth <= ${SEARCH_COUNT_CAP}
    ) r
    join ${table} on ${table.id} = r.id
    where r.position <= ${SEARCH_PAGE})`;
}

type Group<T> = { count: number; capped: boolean; items: T[] };
const none = { count: 0, capped: false, items: [] };

/** The three groups in one statement, after the words are looked up. */
export async function search(db: Db, q: string): Promise<{ [B in BoardName]: Group<Hits[B]> } & { totalResults: number }> {
  const query = await searchQuery(db, q);
  if (query === null) return { needs: none, events: none, skills: none, totalResults: 0 };
  const names = Object.keys(BOARDS) as BoardName[];
  const parts = sql.join(names.map((name) => boardCards(name, query.tsquery, query.terms)), sql` union all `);
  // In one value: PGlite hands each row of an answer over from its WebAssembly on its own, which costs
  // more than the cards themselves (measured: 60 rows about 3 ms of a search's 8, on PGlite, 10k rows).
  const [{ cards }] = rowsOf<{ cards: Array<{ board: BoardName; total: number; card: never; position: number }> }>(
    await db.execute(sql`select coalesce(json_agg(c order by c.board, c.position), '[]') as cards from (${parts}) c`),
  );
  const groupOf = <B extends BoardName>(name: B): Group<Hits[B]> => {
    const mine = cards.filter((row) => row.board === name);
    const total = mine[0]?.total ?? 0;
    return { count: Math.min(total, SEARCH_COUNT_CAP), capped: total > SEARCH_COUNT_CAP, items: mine.map((row) => row.card) };
  };
  const groups = { needs: groupOf('needs'), events: groupOf('events'), skills: groupOf('skills') };
  return { ...groups, totalResults: groups.needs.count + groups.events.count + groups.skills.count };
}
