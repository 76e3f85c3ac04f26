import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

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
