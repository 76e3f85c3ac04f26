-- The search of migration 0015 with fewer plans made per search and fewer rows read twice.
-- bench:search's 330 different searches at 10k rows per board on PGlite, in one process, four rounds
-- alternating: 6.4 ms a search with 0015's functions, 4.7 ms with these (the same answers).
--   - search_matches reads a board through the view search_boards with static statements, whose plans
--     a session can keep (Postgres keeps a generic plan once it costs no more than one made for the
--     values); 0015 made them with EXECUTE, planning each one at every call (planning a statement cost
--     PGlite about as much as running it). Only the one-word statement is still planned for its
--     word: whether that word is common decides how it is best read.
--   - search_matches gives each match's rank (one word: as it reads them; several: for the newest
--     `want` it kept), so search_groups reads again only the page it shows, not every match.
DROP FUNCTION "search_groups"(tsquery, integer, integer, integer);--> statement-breakpoint
DROP FUNCTION "search_matches"(regclass, tsquery, integer, integer);--> statement-breakpoint
-- The newest `want` rows of `board` ('needs', 'events' or 'skills') that match `q`, newest first (by id
-- among rows of the same time), with their rank. `terms`: how many words q joins with &.
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
-- the older fall through to every match, newest first.
CREATE FUNCTION "search_matches"(board text, q tsquery, terms integer, want integer)
RETURNS TABLE (id uuid, created_at timestamptz, rank real)
-- ROWS: about what the search asks for.
LANGUAGE plpgsql STABLE ROWS 100 AS $$
DECLARE
  n float8 := greatest((SELECT c.reltuples FROM pg_class c WHERE c.oid = board::regclass), 1000);
  probe integer := ceil(sqrt(want * n));
  sampled integer;
  ids uuid[];
  ats timestamptz[];
BEGIN
  IF terms = 1 THEN
    RETURN QUERY EXECUTE format('SELECT id, created_at, ts_rank(search_vector, $1) FROM (SELECT id, created_at, search_vector FROM %I
      WHERE search_vector @@ $1 ORDER BY created_at DESC, id DESC LIMIT $2) m', board) USING q, want;
    RETURN;
  END IF;
  SELECT count(*) INTO sampled FROM (SELECT v.search_vector FROM search_boards v WHERE v.board = $1 ORDER BY v.created_at DESC LIMIT 100) s
  WHERE s.search_vector @@ q;
  IF sampled * n < 100 * probe THEN
    SELECT array_agg(v.id), array_agg(v.created_at) INTO ids, ats
    FROM (SELECT v.id, v.created_at FROM search_boards v WHERE v.board = $1 AND v.search_vector @@ q LIMIT probe + 1) v;
    IF ids IS NULL THEN
      RETURN;
    END IF;
  END IF;
  IF ids IS NULL OR cardinality(ids) > probe THEN
    SELECT array_agg(w.id), array_agg(w.created_at) INTO ids, ats FROM (SELECT w.id, w.created_at
      FROM (SELECT v.id, v.created_at, v.search_vector FROM search_boards v WHERE v.board = $1 ORDER BY v.created_at DESC LIMIT 4 * probe) w
      WHERE w.search_vector @@ q ORDER BY w.created_at DESC, w.id DESC LIMIT want) w;
    IF coalesce(cardinality(ids), 0) < want THEN
      SELECT array_agg(a.id), array_agg(a.created_at) INTO ids, ats FROM (SELECT a.id, a.created_at
        FROM (SELECT v.id, v.created_at FROM search_boards v WHERE v.board = $1 AND v.search_vector @@ q OFFSET 0) a
        ORDER BY a.created_at DESC, a.id DESC LIMIT want) a;
    END IF;
  END IF;
  RETURN QUERY SELECT v.id, v.created_at, ts_rank(v.search_vector, q)
    FROM (SELECT m.i, m.a FROM unnest(ids, ats) m(i, a) ORDER BY m.a DESC, m.i DESC LIMIT want) m
    JOIN search_boards v ON v.board = $1 AND v.id = m.i
    ORDER BY v.created_at DESC, v.id DESC;
END $$;
--> statement-breakpoint
-- The answer's cards: of each board's newest `counted` matches (search_matches asked for one more,
-- which tells that there are more), the first `page` by rank, best match first (a word in the name
-- above one in the category above one in the rest), newer first among equals; each with its board,
-- its position and how many matches the board has, up to counted + 1. One JSON value, since PGlite
-- hands each row of an answer over on its own.
CREATE FUNCTION "search_groups"(q tsquery, terms integer, counted integer, page integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(c ORDER BY c.board, c.position), '[]') FROM (
    SELECT r.board, r.total, r.position, v.card FROM (
      SELECT b.board, m.id, m.total::int AS total,
        row_number() OVER (PARTITION BY b.board ORDER BY m.rank DESC, m.created_at DESC, m.id DESC) AS position
      FROM unnest(ARRAY['needs', 'events', 'skills']) b(board)
      CROSS JOIN LATERAL (
        SELECT s.id, s.created_at, s.rank, count(*) OVER () AS total, row_number() OVER (ORDER BY s.created_at DESC, s.id DESC) AS nth
        FROM search_matches(b.board, q, terms, counted + 1) s
      ) m
      WHERE m.nth <= counted
    ) r
    JOIN search_boards v ON v.board = r.board AND v.id = r.id
    WHERE r.position <= page
  ) c);
END $$;
