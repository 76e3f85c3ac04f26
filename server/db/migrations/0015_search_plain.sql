-- The search without the machinery of migrations 0010 to 0014: no per-word row counts, no narrow
-- copies of the boards, no forced plans. The boards' own GIN indexes come back; search_matches
-- (below) finds a board's newest matches, planned by Postgres from the statistics the embedded
-- database now keeps too (db/pglite-worker.mjs runs VACUUM and ANALYZE), and search_groups ranks
-- them and makes the cards (search_boards).
-- Caches are forgotten by name by the code that writes (db/cache.ts): the NOTIFY that every table's
-- trigger sent on every write (migration 0004) goes.
DROP FUNCTION "search_cards"(tsquery, integer[], integer[]);--> statement-breakpoint
-- With each function, the boards' triggers that call it (0011: the word counts; 0014: the copies).
DROP FUNCTION "search_lexeme_rows_count"() CASCADE;--> statement-breakpoint
DROP FUNCTION "board_search_copy"() CASCADE;--> statement-breakpoint
DROP TABLE "events_search" CASCADE;--> statement-breakpoint
DROP TABLE "needs_search" CASCADE;--> statement-breakpoint
DROP TABLE "search_lexeme_rows" CASCADE;--> statement-breakpoint
DROP TABLE "skills_search" CASCADE;--> statement-breakpoint
DROP FUNCTION "change_notice"() CASCADE;--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "needs_search_vector_idx" ON "needs" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "skills_search_vector_idx" ON "skills" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
-- The newest `want` rows of `board` that match `q` (newest first, and by id among rows of the same
-- time). `terms`: how many words q joins with &.
--
-- A board's newest matches are found one of two ways: down the time index, reading the newest rows
-- until enough match (cheap when many rows match), or through the GIN index, which lists every match
-- (cheap when few do). Of one word Postgres knows from ANALYZE how many rows have it, and picks. Of
-- several it takes the words to be independent, which they are not ('scooter' and 'panaji' may each
-- be in a tenth of the posts and never together, 'hostel' and 'goa' in a tenth and mostly together):
-- it expects matches where there are none and reads the whole board for them. So for several words
-- the newest 100 rows are looked at first: if as many of them match as would make the GIN index list
-- more than `probe` matches in the whole board (probe = sqrt(want n) of its n rows, where the two ways
-- cost alike), the newest rows are read on. Otherwise the index is asked for up to `probe` matches:
-- fewer, and those are all of them; more, and the newest rows are read after all. Reading the newest
-- rows stops after four times `probe` rows; matches that are rare among the newest rows and many among
-- the older fall through to every match, newest first. Each statement is planned for its own words
-- (EXECUTE); the table name is the only text spliced in.
CREATE FUNCTION "search_matches"(board regclass, q tsquery, terms integer, want integer)
RETURNS TABLE (id uuid, created_at timestamptz)
-- ROWS: about what the search asks for, so a join on the answer reads the board by id.
LANGUAGE plpgsql STABLE ROWS 100 AS $$
DECLARE
  n float8 := greatest((SELECT c.reltuples FROM pg_class c WHERE c.oid = board), 1000);
  probe integer := ceil(sqrt(want * n));
  sampled integer;
  walk boolean;
  ids uuid[];
  ats timestamptz[];
BEGIN
  IF terms = 1 THEN
    RETURN QUERY EXECUTE format('SELECT id, created_at FROM %s WHERE search_vector @@ $1 ORDER BY created_at DESC, id DESC LIMIT $2', board) USING q, want;
    RETURN;
  END IF;
  EXECUTE format('SELECT count(*) FROM (SELECT search_vector FROM %s ORDER BY created_at DESC LIMIT 100) s WHERE search_vector @@ $1', board)
    INTO sampled USING q;
  walk := sampled * n >= 100 * probe;
  IF NOT walk THEN
    EXECUTE format('SELECT array_agg(id), array_agg(created_at) FROM (SELECT id, created_at FROM %s WHERE search_vector @@ $1 LIMIT $2) m', board)
      INTO ids, ats USING q, probe + 1;
    walk := coalesce(cardinality(ids), 0) > probe;
  END IF;
  IF walk THEN
    EXECUTE format('SELECT array_agg(id), array_agg(created_at) FROM (SELECT id, created_at FROM (SELECT id, created_at, search_vector FROM %s
      ORDER BY created_at DESC LIMIT $2) w WHERE search_vector @@ $1 ORDER BY created_at DESC, id DESC LIMIT $3) m', board) INTO ids, ats USING q, 4 * probe, want;
    IF coalesce(cardinality(ids), 0) < want THEN
      RETURN QUERY EXECUTE format('SELECT id, created_at FROM (SELECT id, created_at FROM %s WHERE search_vector @@ $1 OFFSET 0) m
        ORDER BY created_at DESC, id DESC LIMIT $2', board) USING q, want;
      RETURN;
    END IF;
  END IF;
  RETURN QUERY SELECT m.id, m.at FROM unnest(ids, ats) m(id, at) ORDER BY m.at DESC, m.id DESC LIMIT want;
END $$;
--> statement-breakpoint
-- What the search shows of each board: a row's time and words, and its card in the answer's shape
-- (spec §7; `url` made from the id, never taken from a stored value).
CREATE VIEW "search_boards" AS
  SELECT 'needs'::text AS board, n.id, n.created_at, n.search_vector,
    json_build_object('_id', n.id, 'type', n.type, 'serviceName', n.service_name, 'description', n.description, 'category', n.category,
      'images', n.images, 'location', json_build_object('address', n.address, 'city', n.city, 'state', n.state)) AS card
  FROM needs n
  UNION ALL SELECT 'events', e.id, e.created_at, e.search_vector,
    json_build_object('_id', e.id, 'title', e.title, 'description', e.description, 'thumbnail', e.thumbnail, 'startDate', e.start_date,
      'address', e.address, 'location', json_build_object('address', e.address), 'url', '/events/' || e.id)
  FROM events e
  UNION ALL SELECT 'skills', s.id, s.created_at, s.search_vector,
    json_build_object('_id', s.id, 'title', s.title, 'description', s.description, 'images', s.images, 'category', s.category,
      'customCategory', s.custom_category, 'address', s.address, 'url', '/skills/' || s.id)
  FROM skills s;
--> statement-breakpoint
-- The answer's cards: of each board's newest `counted` matches (search_matches asked for one more,
-- which tells that there are more), the first `page` by rank, best match first (a word in the name
-- above one in the category above one in the rest), newer first among equals; each with its board,
-- its position and how many matches the board has, up to counted + 1. One JSON value, since PGlite
-- hands each row of an answer over on its own. A function, so each session plans it once: planning it
-- cost more than running it (PGlite, bench:search at 10k rows: 156 against 216 searches a second).
CREATE FUNCTION "search_groups"(q tsquery, terms integer, counted integer, page integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(c ORDER BY c.board, c.position), '[]') FROM (
    SELECT r.board, r.total, r.position, v.card FROM (
      SELECT b.board, m.id, m.total::int AS total,
        row_number() OVER (PARTITION BY b.board ORDER BY ts_rank(v.search_vector, q) DESC, m.created_at DESC, m.id DESC) AS position
      FROM unnest(ARRAY['needs', 'events', 'skills']) b(board)
      CROSS JOIN LATERAL (
        SELECT s.id, s.created_at, count(*) OVER () AS total, row_number() OVER (ORDER BY s.created_at DESC, s.id DESC) AS nth
        FROM search_matches(b.board::regclass, q, terms, counted + 1) s
      ) m
      JOIN search_boards v ON v.board = b.board AND v.id = m.id
      WHERE m.nth <= counted
    ) r
    JOIN search_boards v ON v.board = r.board AND v.id = r.id
    WHERE r.position <= page
  ) c);
END $$;
--> statement-breakpoint
-- Statistics for the planner from the start (on PGlite, its thread keeps them from here on).
ANALYZE "needs";--> statement-breakpoint
ANALYZE "events";--> statement-breakpoint
ANALYZE "skills";
