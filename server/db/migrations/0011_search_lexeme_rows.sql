-- The boards' lexeme counts, which tell the search how many rows to expect; then the search itself
-- (search_cards) taught to use them.
CREATE TABLE "search_lexeme_rows" (
	"board" text NOT NULL,
	"lexeme" text NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "search_lexeme_rows_board_lexeme_pk" PRIMARY KEY("board","lexeme")
);
--> statement-breakpoint
-- Keeps search_lexeme_rows (db/tables/search.ts): each board's rows per lexeme, and its rows in all
-- (lexeme ''), from the rows a statement wrote: once per statement, whatever its size. In one order
-- of lexemes, so two writers wait for each other instead of deadlocking.
CREATE FUNCTION "search_lexeme_rows_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "search_lexeme_rows" ("board", "lexeme", "rows")
      SELECT TG_TABLE_NAME, l, count(*) FROM (SELECT unnest(tsvector_to_array(search_vector)) FROM added UNION ALL SELECT '' FROM added) x(l)
      GROUP BY l ORDER BY l
      ON CONFLICT ("board", "lexeme") DO UPDATE SET "rows" = "search_lexeme_rows"."rows" + excluded."rows";
  ELSIF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "search_lexeme_rows" WHERE "board" = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "search_lexeme_rows" ("board", "lexeme", "rows")
      SELECT TG_TABLE_NAME, l, -count(*) FROM (SELECT unnest(tsvector_to_array(search_vector)) FROM removed UNION ALL SELECT '' FROM removed) x(l)
      GROUP BY l ORDER BY l
      ON CONFLICT ("board", "lexeme") DO UPDATE SET "rows" = "search_lexeme_rows"."rows" + excluded."rows";
  ELSE
    -- An edit: what the rows have now, less what they had (an edit that leaves the text alone changes nothing).
    INSERT INTO "search_lexeme_rows" ("board", "lexeme", "rows")
      SELECT TG_TABLE_NAME, l, sum(d) FROM (
        SELECT unnest(tsvector_to_array(search_vector)), 1 FROM added UNION ALL SELECT unnest(tsvector_to_array(search_vector)), -1 FROM removed
      ) x(l, d)
      GROUP BY l HAVING sum(d) <> 0 ORDER BY l
      ON CONFLICT ("board", "lexeme") DO UPDATE SET "rows" = "search_lexeme_rows"."rows" + excluded."rows";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "needs_lexeme_rows_insert" AFTER INSERT ON "needs" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "needs_lexeme_rows_update" AFTER UPDATE ON "needs" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "needs_lexeme_rows_delete" AFTER DELETE ON "needs" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "needs_lexeme_rows_truncate" AFTER TRUNCATE ON "needs" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
INSERT INTO "search_lexeme_rows" ("board", "lexeme", "rows")
  SELECT 'needs', l, count(*) FROM (SELECT unnest(tsvector_to_array(search_vector)) FROM "needs" UNION ALL SELECT '' FROM "needs") x(l) GROUP BY l;
--> statement-breakpoint
CREATE TRIGGER "events_lexeme_rows_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "events_lexeme_rows_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "events_lexeme_rows_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "events_lexeme_rows_truncate" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
INSERT INTO "search_lexeme_rows" ("board", "lexeme", "rows")
  SELECT 'events', l, count(*) FROM (SELECT unnest(tsvector_to_array(search_vector)) FROM "events" UNION ALL SELECT '' FROM "events") x(l) GROUP BY l;
--> statement-breakpoint
CREATE TRIGGER "skills_lexeme_rows_insert" AFTER INSERT ON "skills" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "skills_lexeme_rows_update" AFTER UPDATE ON "skills" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "skills_lexeme_rows_delete" AFTER DELETE ON "skills" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
CREATE TRIGGER "skills_lexeme_rows_truncate" AFTER TRUNCATE ON "skills" FOR EACH STATEMENT EXECUTE FUNCTION "search_lexeme_rows_count"();
--> statement-breakpoint
INSERT INTO "search_lexeme_rows" ("board", "lexeme", "rows")
  SELECT 'skills', l, count(*) FROM (SELECT unnest(tsvector_to_array(search_vector)) FROM "skills" UNION ALL SELECT '' FROM "skills") x(l) GROUP BY l;
--> statement-breakpoint
-- Like every table, tells other server instances of its writes (migration 0004).
CREATE TRIGGER "change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_lexeme_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"();
--> statement-breakpoint
-- search_cards (migration 0010) again, now told how many rows to expect: the home search's cards
-- (modules/search/service.ts): for a tsquery, each board's newest matches (at most 100, the count
-- cap), ranked name above category above the rest, and the first 20 of them as card rows, with the
-- number of matches. A PL/pgSQL function, so that Postgres keeps its plan for the session.
--
-- expected[] and bound[] (needs, events, skills) are what the service works out from
-- search_lexeme_rows: how many of the board's rows are expected to match (each term's share of the
-- board, the terms taken as independent) and at most can (the rarest term's rows). Per board, with n
-- its rows now (from search_lexeme_rows, in this statement's snapshot; without a count, as many as an
-- integer holds, so that no step takes the walk to have seen every row):
-- 0. probe: when few matches are expected, the GIN index is asked first. A matched row it gives costs
--    about three walked rows (measured on PGlite: fetched out of order, then sorted), and a walk meets
--    its 100 newest matches in about 100 x n / m rows (m matches), so the index is the cheaper when
--    3 x expected^2 <= 100 x n. It reads at most probe_cap matches: every match if even the bound
--    makes the index the cheaper, else min(sqrt(100 x n / 3), 200), so a wrong guess costs little.
--    It is asked only when the expected matches fit in that. If there are more (the terms meet more
--    often than independence says), it stops there and the walk answers.
-- 1. first: otherwise the newest 1000 rows, by the created_at index, each tested with ts_match_vq
--    (the function behind @@, which the GIN index does not serve, so the planner cannot swap the walk
--    for it), stopping at the cap. A word many rows have fills the cap here.
-- 2. second: when the first walk found matches but not enough, it tells how often the words meet
--    (m in 1000 rows). If the GIN index would cost more (3 x m/1000 of the board) than a longer walk
--    needs to meet the rest (200000/m rows at most), the walk goes on past the first 1000 rows,
--    to that bound (it skips the first 1,000 in the same index order, so no row is tested twice and
--    none is missed, whatever times are equal; parallel plans, which could order equal times
--    differently, are off here).
-- 3. otherwise, or if the walk still falls short, the GIN index finds every match (ordered by an
--    expression no index provides, so it is the GIN index that answers) and the newest are kept.
-- One plan serves every query (force_generic_plan): none of the steps depends on the words. With
-- sequential scans and sorts made the planner's last resort, that plan is the same whatever size
-- the boards had when it was made (PGlite never analyses, so a plan made on the demo content would
-- otherwise be kept by a server whose boards have grown a hundredfold: seq scans over every row).
-- PostgreSQL (before 18) marks a disabled plan by adding a huge cost, which would make it compile
-- the statement with JIT on every call (over a second): JIT is off here.
-- The three boards' blocks are the same but for the table and the card's columns: a table named by
-- a parameter would need dynamic SQL (EXECUTE), which is planned again on every call.
-- The limits (100 matches, 20 cards, a first walk of 1000 rows) are SEARCH_COUNT_CAP, SEARCH_PAGE
-- and WALK_ROWS in modules/search/service.ts.
DROP FUNCTION "search_cards"(tsquery);
--> statement-breakpoint
CREATE FUNCTION search_cards(q tsquery, expected integer[], bound integer[])
RETURNS TABLE (board text, total bigint, "position" bigint, id text, type text, title text, description text, category text,
  "customCategory" text, images text[], thumbnail text, "startDate" text, address text, city text, state text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_sort = off
SET jit = off
SET max_parallel_workers_per_gather = 0
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  (
    with cap as materialized (
      select n, case when 3 * bound[1]::float8 * bound[1] <= 100::float8 * n then bound[1]
          else least(ceil(sqrt(100::float8 * n / 3)), 200)::int end as probe_cap
      from (select coalesce((select r.rows from search_lexeme_rows r where r.board = 'needs' and r.lexeme = ''), 2147483647) as n) board
    ),
    plan as materialized (
      select n, probe_cap, coalesce(expected[1] <= probe_cap and 3 * expected[1]::float8 * expected[1] <= 100::float8 * n, false) as probe
      from cap
    ),
    probe as materialized (
      select id, created_at, search_vector from needs
      where (select probe from plan) and search_vector @@ q
      limit (select probe_cap + 1 from plan)
    ),
    gin as materialized (select (select probe from plan) and count(*) <= (select probe_cap from plan) as yes from probe),
    first as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from needs
        where not (select yes from gin) order by created_at desc limit 1000
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100
    ),
    next as materialized (
      select (select yes from gin) or count(*) = 100 or (select n from plan) <= 1000 as done,
        3 * count(*) * (select n from plan) / 1000 > 200000 / greatest(count(*), 1) as walk,
        200000 / greatest(count(*), 1) as more
      from first
    ),
    second as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from needs
        where not (select done from next) and (select walk from next)
        order by created_at desc offset 1000 limit (select more from next)
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100 - (select count(*) from first)
    ),
    enough as materialized (select (select done from next) or (select count(*) from first) + count(*) = 100 as yes from second),
    found as materialized (
      (select * from probe where (select yes from gin) order by created_at + interval '0 s' desc limit 100)
      union all
      select * from (select * from first union all select * from second) m
      where not (select yes from gin) and (select yes from enough)
      union all
      (select id, created_at, search_vector from needs
      where not (select yes from enough) and search_vector @@ q
      order by created_at + interval '0 s' desc limit 100)
    ),
    matches as materialized (select f.id, f.created_at, ts_rank(f.search_vector, q) as rank_ from found f),
    page as (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from matches p order by p.rank_ desc, p.created_at desc, p.id limit 20
    )
    select 'needs'::text, (select count(*) from matches), p.position, m.id::text, m.type::text, m.service_name, m.description, m.category, null::text, m.images, null::text, null::text, m.address, m.city, m.state
    from page p join needs m on m.id = p.id)
  union all (
    with cap as materialized (
      select n, case when 3 * bound[2]::float8 * bound[2] <= 100::float8 * n then bound[2]
          else least(ceil(sqrt(100::float8 * n / 3)), 200)::int end as probe_cap
      from (select coalesce((select r.rows from search_lexeme_rows r where r.board = 'events' and r.lexeme = ''), 2147483647) as n) board
    ),
    plan as materialized (
      select n, probe_cap, coalesce(expected[2] <= probe_cap and 3 * expected[2]::float8 * expected[2] <= 100::float8 * n, false) as probe
      from cap
    ),
    probe as materialized (
      select id, created_at, search_vector from events
      where (select probe from plan) and search_vector @@ q
      limit (select probe_cap + 1 from plan)
    ),
    gin as materialized (select (select probe from plan) and count(*) <= (select probe_cap from plan) as yes from probe),
    first as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from events
        where not (select yes from gin) order by created_at desc limit 1000
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100
    ),
    next as materialized (
      select (select yes from gin) or count(*) = 100 or (select n from plan) <= 1000 as done,
        3 * count(*) * (select n from plan) / 1000 > 200000 / greatest(count(*), 1) as walk,
        200000 / greatest(count(*), 1) as more
      from first
    ),
    second as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from events
        where not (select done from next) and (select walk from next)
        order by created_at desc offset 1000 limit (select more from next)
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100 - (select count(*) from first)
    ),
    enough as materialized (select (select done from next) or (select count(*) from first) + count(*) = 100 as yes from second),
    found as materialized (
      (select * from probe where (select yes from gin) order by created_at + interval '0 s' desc limit 100)
      union all
      select * from (select * from first union all select * from second) m
      where not (select yes from gin) and (select yes from enough)
      union all
      (select id, created_at, search_vector from events
      where not (select yes from enough) and search_vector @@ q
      order by created_at + interval '0 s' desc limit 100)
    ),
    matches as materialized (select f.id, f.created_at, ts_rank(f.search_vector, q) as rank_ from found f),
    page as (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from matches p order by p.rank_ desc, p.created_at desc, p.id limit 20
    )
    select 'events'::text, (select count(*) from matches), p.position, m.id::text, null::text, m.title, m.description, null::text, null::text, null::text[], m.thumbnail, m.start_date::text, m.address, null::text, null::text
    from page p join events m on m.id = p.id)
  union all (
    with cap as materialized (
      select n, case when 3 * bound[3]::float8 * bound[3] <= 100::float8 * n then bound[3]
          else least(ceil(sqrt(100::float8 * n / 3)), 200)::int end as probe_cap
      from (select coalesce((select r.rows from search_lexeme_rows r where r.board = 'skills' and r.lexeme = ''), 2147483647) as n) board
    ),
    plan as materialized (
      select n, probe_cap, coalesce(expected[3] <= probe_cap and 3 * expected[3]::float8 * expected[3] <= 100::float8 * n, false) as probe
      from cap
    ),
    probe as materialized (
      select id, created_at, search_vector from skills
      where (select probe from plan) and search_vector @@ q
      limit (select probe_cap + 1 from plan)
    ),
    gin as materialized (select (select probe from plan) and count(*) <= (select probe_cap from plan) as yes from probe),
    first as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from skills
        where not (select yes from gin) order by created_at desc limit 1000
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100
    ),
    next as materialized (
      select (select yes from gin) or count(*) = 100 or (select n from plan) <= 1000 as done,
        3 * count(*) * (select n from plan) / 1000 > 200000 / greatest(count(*), 1) as walk,
        200000 / greatest(count(*), 1) as more
      from first
    ),
    second as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from skills
        where not (select done from next) and (select walk from next)
        order by created_at desc offset 1000 limit (select more from next)
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100 - (select count(*) from first)
    ),
    enough as materialized (select (select done from next) or (select count(*) from first) + count(*) = 100 as yes from second),
    found as materialized (
      (select * from probe where (select yes from gin) order by created_at + interval '0 s' desc limit 100)
      union all
      select * from (select * from first union all select * from second) m
      where not (select yes from gin) and (select yes from enough)
      union all
      (select id, created_at, search_vector from skills
      where not (select yes from enough) and search_vector @@ q
      order by created_at + interval '0 s' desc limit 100)
    ),
    matches as materialized (select f.id, f.created_at, ts_rank(f.search_vector, q) as rank_ from found f),
    page as (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from matches p order by p.rank_ desc, p.created_at desc, p.id limit 20
    )
    select 'skills'::text, (select count(*) from matches), p.position, m.id::text, null::text, m.title, m.description, m.category, m.custom_category, m.images, null::text, null::text, m.address, null::text, null::text
    from page p join skills m on m.id = p.id);
END
$$;
