import { sql } from 'drizzle-orm';
import type { Static } from '@fastify/type-provider-typebox';
import { rowsOf, type Db } from '../../db/client.js';
import { cachedRead, cachedReadMany } from '../../db/read-cache.js';
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

interface Term {
  term: string;
  /** The term, and for a word no row has ever had, the dictionary words closest to it. */
  options: string[];
  /** How many rows of each board (BOARDS' order) have any of the options: a term's rows if it is one option. */
  rowsOn: number[];
}

type TermRow = { word: string; term: string; known: boolean; close: string[]; counts: (number | string)[] };

/** The boards search_cards answers, in the order of its arrays. */
const BOARDS = ['needs', 'events', 'skills'] as const;

/**
 * Each typed word's terms (stemmed lexemes: 'hostels' is 'hostel'; none for a stop word), with the
 * dictionary words closest to a word no row has ever had, by trigram similarity ('hostle' →
 * 'hostel'; pg_trgm's `%`, similarity at least 0.3). A typo in the first letter, or one that
 * changes the length by more than 2, is not mended. One query against the small dictionary for all
 * the words not already known; the words of other searches are kept until the next write (which
 * may change the dictionary), so a search made of words typed before costs no query here.
 */
async function termsOf(db: Db, words: string[]): Promise<Map<string, Term[]>> {
  return cachedReadMany(db, 'search-words', words, async (missing) => {
    const rows = await db.execute<TermRow>(sql`
      select t.word, t.term, k.known, c.close,
        array(
          select coalesce((select r.rows from search_lexeme_rows r where r.board = b.board and r.lexeme = o.lexeme), 0)
          from unnest(${`{${BOARDS.join(',')}}`}::text[]) with ordinality b(board, i),
            unnest(case when k.known then array[t.term] else t.term || c.close end) with ordinality o(lexeme, j)
          order by o.j, b.i
        ) as counts
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
    for (const { word, term, known, close, counts } of rowsOf<TermRow>(rows)) {
      const options = known ? [term] : [term, ...close];
      // counts: each option's rows on each board, option by option (needs, events, skills).
      const rowsOn = BOARDS.map((_, board) => options.reduce((sum, _option, j) => sum + Number(counts[j * BOARDS.length + board]), 0));
      terms.get(word)!.push({ term, options, rowsOn });
    }
    return terms;
  });
}

/** Each board's rows now, from the counts migration 0011's triggers keep. */
async function boardRows(db: Db): Promise<number[]> {
  const rows = await cachedRead(db, 'search-board-rows', '', async () => {
    const answer = await db.execute<{ board: string; rows: number }>(sql`select board, "rows" from search_lexeme_rows where lexeme = ''`);
    const byBoard = new Map(rowsOf<{ board: string; rows: number }>(answer).map((row) => [row.board, Number(row.rows)]));
    return BOARDS.map((board) => byBoard.get(board) ?? 0);
  });
  return rows!;
}

/**
 * The text query as a tsquery: every term of every typed word must match, a mended word as any of
 * its options: `'hostle' | 'hostel' | ...`; and, per board, how many rows are expected to match it
 * (`expected`: the terms taken as independent, each a share of the board) and the most that can
 * (`bound`: the rarest term's rows). Null when the text has no word at all (only stop words or
 * punctuation).
 */
async function searchQuery(db: Db, q: string): Promise<{ tsquery: string; expected: number[]; bound: number[] } | null> {
  const typed = [...new Set(q.toLowerCase().split(/\s+/).filter((word) => word !== ''))];
  const byTerm = new Map<string, Term>();
  for (const terms of (await termsOf(db, typed)).values()) {
    for (const term of terms) byTerm.set(term.term, term);
  }
  if (byTerm.size === 0) return null;
  const terms = [...byTerm.values()];
  const expected = (await boardRows(db)).map((total, board) => Math.ceil(
    terms.reduce((share, term) => share * Math.min(1, term.rowsOn[board] / Math.max(total, 1)), total),
  ));
  const bound = BOARDS.map((_, board) => Math.min(...terms.map((term) => term.rowsOn[board])));
  const tsquery = [...byTerm.keys()].sort()
    .map((key) => {
      const { term, options } = byTerm.get(key)!;
      return options.length === 1 ? operand(term) : `(${options.map(operand).join(' | ')})`;
    })
    .join(' & ');
  return { tsquery, expected, bound };
}

/**
 * How many of a board's newest rows a search walks first, unless so few rows are expected to match
 * (`searchQuery`) that the GIN index is asked first (and on a board larger than this, when the index
 * could give up, only if few of the newest 100 rows match). Past them it walks on or asks the GIN
 * index, whichever costs less (a longer walk reads at most 200 x WALK_ROWS / m rows, m being the
 * matches the first walk met). This and the two limits above are written into `search_cards`
 * (migration 0011; 0012 moved only the probe's limit, 0013 made each step a statement of its own and
 * added the test of the newest 100, 0014 made the steps read each board's search table and the probe
 * keep only the newest 100 of its matches), which does the work (see there); a change to them is a new
 * migration.
 */
export const WALK_ROWS = 1_000;

/** One card of any board: the columns its card needs, null where the board has none. */
interface CardRow {
  board: 'needs' | 'events' | 'skills';
  total: number;
  position: number;
  id: string;
  type: string | null;
  title: string;
  description: string;
  category: string | null;
  customCategory: string | null;
  images: string[] | null;
  thumbnail: string | null;
  startDate: string | null;
  address: string;
  city: string | null;
  state: string | null;
}

/** The order of a card's columns in the json array `search_cards` answers for it (migration 0014). */
const CARD_COLUMNS = ['board', 'total', 'position', 'id', 'type', 'title', 'description', 'category', 'customCategory', 'images', 'thumbnail', 'startDate', 'address', 'city', 'state'] as const;
const cardOf = (columns: unknown[]) => Object.fromEntries(CARD_COLUMNS.map((name, k) => [name, columns[k]])) as unknown as CardRow;

type NeedCard = Static<typeof NeedHit>;
type EventCard = Static<typeof EventHit>;
type SkillCard = Static<typeof SkillHit>;

// `url` is made here from the id, never taken from a stored value.
const toNeedHit = (row: CardRow): NeedCard => ({
  _id: row.id, type: row.type ?? '', serviceName: row.title, description: row.description, category: row.category ?? '',
  images: row.images ?? [], location: { address: row.address, city: row.city ?? '', state: row.state ?? '' },
});
const toEventHit = (row: CardRow): EventCard => ({
  _id: row.id, title: row.title, description: row.description, thumbnail: row.thumbnail ?? '', startDate: row.startDate ?? '',
  address: row.address, location: { address: row.address }, url: `/events/${row.id}`,
});
const toSkillHit = (row: CardRow): SkillCard => ({
  _id: row.id, title: row.title, description: row.description, images: row.images ?? [], category: row.category ?? '',
  customCategory: row.customCategory ?? '', address: row.address, url: `/skills/${row.id}`,
});

function groupOf<T>(rows: CardRow[], board: CardRow['board'], toHit: (row: CardRow) => T): GroupResult<T> {
  const mine = rows.filter((row) => row.board === board).sort((a, b) => a.position - b.position);
  const count = mine.length > 0 ? mine[0].total : 0;
  return { count, capped: count >= SEARCH_COUNT_CAP, items: mine.map(toHit) };
}

const none = { count: 0, capped: false, items: [] };

/** The three groups in one statement: one round trip after the words are looked up. */
export async function search(db: Db, q: string) {
  const query = await searchQuery(db, q);
  if (query === null) return { needs: none, events: none, skills: none, totalResults: 0 };
  // Starts with `select`: db/client.ts counts any other statement as a write (which empties caches).
  // search_cards answers every card as one json array rather than a row per card: PGlite hands each
  // row of an answer from its WebAssembly to JavaScript on its own, which cost more than the cards'
  // JSON (measured on PGlite with bench:search's 330 different searches: about 5% of a search's time).
  // Each card is an array of its columns (CARD_COLUMNS), which keeps their names out of that JSON.
  const answer = await db.execute(sql`select search_cards(${query.tsquery}::tsquery, ${`{${query.expected.join(',')}}`}::integer[], ${`{${query.bound.join(',')}}`}::integer[]) as cards`);
  const rows = rowsOf<{ cards: unknown[][] }>(answer)[0].cards.map(cardOf);
  const needs = groupOf(rows, 'needs', toNeedHit);
  const events = groupOf(rows, 'events', toEventHit);
  const skills = groupOf(rows, 'skills', toSkillHit);
  return { needs, events, skills, totalResults: needs.count + events.count + skills.count };
}
