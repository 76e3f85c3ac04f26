import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './content.js';

/**
 * Every full-text lexeme of at least 3 characters, not only digits, that the boards' rows have had
 * (triggers of migration 0003 add them as rows are written; a word no row has any more only finds
 * nothing). A vocabulary, not a copy of the rows: the search mends a typed word by looking here
 * ('hostle' is close to 'hostel') instead of comparing it with every row. Candidates are the words
 * with the same first letter and a length within 2 of the typed word's (the index below), so the
 * trigram similarity is computed for a few hundred words at most, however large the vocabulary.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
}, (t) => [
  index('search_words_first_letter_length_idx').on(sql`left(${t.word}, 1)`, sql`length(${t.word})`),
]);

/**
 * How many rows of each board have each full-text lexeme now, and (lexeme '', which no text yields)
 * how many rows the board has: kept exact by triggers of migration 0011, once per statement. The
 * search reads a typed word's counts with its dictionary entry and so knows, before it looks, about
 * how many rows will match: few, and it asks the GIN index; many, and it walks the newest rows
 * (modules/search, `search_cards`).
 */
export const searchLexemeRows = pgTable('search_lexeme_rows', {
  board: text('board').notNull(),
  lexeme: text('lexeme').notNull(),
  rows: integer('rows').notNull(),
}, (t) => [primaryKey({ columns: [t.board, t.lexeme] })]);

/**
 * What the search reads of a board's rows: each row's id, time and `search_vector`, copied from the
 * board (tables/content.ts) by statement triggers of migration 0014 as rows are added, edited and
 * deleted, in the same transaction. The search walks the newest rows and asks the GIN index here, not
 * in the board: a row here holds only what the search reads (on bench:search's rows, 57% of the
 * board's pages), so a walk or a probe reads fewer pages (0014 has the figures). The GIN index takes
 * writes straight in (fastupdate off): a pending list of recent rows would be scanned by every search.
 * No foreign key: the triggers delete a row here with its board row.
 */
const boardSearch = (board: 'needs' | 'events' | 'skills') => pgTable(`${board}_search`, {
  id: uuid('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  searchVector: tsvector('search_vector').notNull(),
}, (t) => [
  index(`${board}_search_created_at_idx`).on(t.createdAt),
  index(`${board}_search_search_vector_idx`).using('gin', t.searchVector).with({ fastupdate: false }),
]);

export const needsSearch = boardSearch('needs');
export const eventsSearch = boardSearch('events');
export const skillsSearch = boardSearch('skills');
