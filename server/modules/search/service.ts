import { sql } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import { cachedReadMany } from '../../db/cache.js';
import { rowsOf, type Db } from '../../db/client.js';
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
type Group<T> = { count: number; capped: boolean; items: T[] };
/** A card of the answer, as search_groups gives it (migration 0016; migration 0015 shapes the cards). */
type Card = { board: BoardName; total: number; position: number; card: never };

const none = { count: 0, capped: false, items: [] };

/** Ids as a Postgres array literal (both drivers take it as text): ids read from the database, never typed by a caller. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The three groups, after the words are looked up: search_groups (migration 0016) gives each
 * board's first SEARCH_PAGE cards of its newest SEARCH_COUNT_CAP matches, best match first, and how
 * many matches there are up to one more than SEARCH_COUNT_CAP, which tells that there are more.
 */
export async function search(db: Db, q: string, excluded: readonly string[] = []): Promise<{ [B in BoardName]: Group<Hits[B]> } & { totalResults: number }> {
  const query = await searchQuery(db, q);
  if (query === null) return { needs: none, events: none, skills: none, totalResults: 0 };
  // Hidden posts and suspended members' are never matched (the view search_boards, migration 0017);
  // `excluded` names the authors a signed-in caller blocked or was blocked by (ids as Postgres wrote them).
  const [{ cards }] = rowsOf<{ cards: Card[] }>(await db.execute(
    sql`select search_groups(${query.tsquery}::tsquery, ${query.terms}::int, ${SEARCH_COUNT_CAP}::int, ${SEARCH_PAGE}::int, ${uuidArray(excluded)}::uuid[]) as cards`,
  ));
  const groupOf = <B extends BoardName>(name: B): Group<Hits[B]> => {
    const mine = cards.filter((row) => row.board === name);
    const total = mine[0]?.total ?? 0;
    return { count: Math.min(total, SEARCH_COUNT_CAP), capped: total > SEARCH_COUNT_CAP, items: mine.map((row) => row.card) };
  };
  const groups = { needs: groupOf('needs'), events: groupOf('events'), skills: groupOf('skills') };
  return { ...groups, totalResults: groups.needs.count + groups.events.count + groups.skills.count };
}
