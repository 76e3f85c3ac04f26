-- search_cards about a sixth cheaper on large boards, with the same answers (but for rows of equal
-- created_at: which of them make the newest 100 can differ, as between 0013's own paths). Measured on
-- PGlite with bench:search's 330 different searches, alternating in one process with 0013's function
-- on the same rows: at 10,000 rows per board, 2.33 -> 1.95 ms a search on
-- average and 34.3 -> 27.7 ms for the ten dearest in a row; at 100,000, 5.65 -> 4.72 ms and 83.4 ->
-- 69.3 ms; at 1,000, the same (1.0 ms).
-- 1. Each board's search table (db/tables/search.ts): the id, created_at and search_vector of every
--    row, kept by the triggers below, which the steps read instead of the board (the cards still come
--    from the boards). A walk over the newest rows, or a probe of the GIN index, reads fewer pages. The
--    boards' own GIN indexes go: nothing else reads them. A search locks a board's search table before
--    the board (for the cards), a TRUNCATE the other way round (its trigger empties the search table):
--    on PostgreSQL the two could deadlock. Nothing but tests truncates a board.
-- 2. The probe keeps and ranks only the newest 100 of its matches (the cards are chosen among those):
--    it ranked every match it read, up to probe_cap + 1 (the rarest term's rows on a large board).
-- 3. Each card is a json array of its columns rather than an object: the names, repeated in every
--    card, were half the text handed over to JavaScript.
-- 4. The three boards' row counts are read in one statement, not one each, and the last statement no
--    longer sorts each board's matches by time: no step keeps more than 100 now.
CREATE TABLE "events_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "needs_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
-- Copies what a statement wrote to a board into its search table, once per statement whatever its
-- size (as search_lexeme_rows_count of migration 0011 does). An edit upserts: a row whose time and
-- words did not change is left alone.
CREATE FUNCTION "board_search_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('INSERT INTO %I ("id", "created_at", "search_vector") SELECT "id", "created_at", "search_vector" FROM added', TG_TABLE_NAME || '_search');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('DELETE FROM %I s USING removed r WHERE s."id" = r."id"', TG_TABLE_NAME || '_search');
  ELSIF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('TRUNCATE %I', TG_TABLE_NAME || '_search');
  ELSE
    EXECUTE format('DELETE FROM %I s USING (SELECT "id" FROM removed EXCEPT SELECT "id" FROM added) r WHERE s."id" = r."id"', TG_TABLE_NAME || '_search');
    EXECUTE format('INSERT INTO %1$I AS s ("id", "created_at", "search_vector") SELECT "id", "created_at", "search_vector" FROM added
      ON CONFLICT ("id") DO UPDATE SET "created_at" = excluded."created_at", "search_vector" = excluded."search_vector"
      WHERE (s."created_at", s."search_vector") IS DISTINCT FROM (excluded."created_at", excluded."search_vector")', TG_TABLE_NAME || '_search');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "needs_search_insert" AFTER INSERT ON "needs" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "needs_search_update" AFTER UPDATE ON "needs" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "needs_search_delete" AFTER DELETE ON "needs" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "needs_search_truncate" AFTER TRUNCATE ON "needs" FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
-- The rows the board has now (its triggers, just made, hold off writers until this commits), before the indexes: built once.
INSERT INTO "needs_search" ("id", "created_at", "search_vector") SELECT "id", "created_at", "search_vector" FROM "needs";
--> statement-breakpoint
CREATE TRIGGER "events_search_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "events_search_update" AFTER UPDATE ON "events" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "events_search_delete" AFTER DELETE ON "events" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "events_search_truncate" AFTER TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
-- The rows the board has now (its triggers, just made, hold off writers until this commits), before the indexes: built once.
INSERT INTO "events_search" ("id", "created_at", "search_vector") SELECT "id", "created_at", "search_vector" FROM "events";
--> statement-breakpoint
CREATE TRIGGER "skills_search_insert" AFTER INSERT ON "skills" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "skills_search_update" AFTER UPDATE ON "skills" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "skills_search_delete" AFTER DELETE ON "skills" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
CREATE TRIGGER "skills_search_truncate" AFTER TRUNCATE ON "skills" FOR EACH STATEMENT EXECUTE FUNCTION "board_search_copy"();
--> statement-breakpoint
-- The rows the board has now (its triggers, just made, hold off writers until this commits), before the indexes: built once.
INSERT INTO "skills_search" ("id", "created_at", "search_vector") SELECT "id", "created_at", "search_vector" FROM "skills";
--> statement-breakpoint
DROP INDEX "events_search_vector_idx";--> statement-breakpoint
DROP INDEX "needs_search_vector_idx";--> statement-breakpoint
DROP INDEX "skills_search_vector_idx";--> statement-breakpoint
CREATE INDEX "events_search_created_at_idx" ON "events_search" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_search_search_vector_idx" ON "events_search" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "needs_search_created_at_idx" ON "needs_search" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "needs_search_search_vector_idx" ON "needs_search" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "skills_search_created_at_idx" ON "skills_search" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "skills_search_search_vector_idx" ON "skills_search" USING gin ("search_vector") WITH (fastupdate=false);
--> statement-breakpoint
-- Like every table, tells other server instances of its writes (migration 0004).
CREATE TRIGGER "change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "needs_search" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"();
--> statement-breakpoint
CREATE TRIGGER "change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events_search" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"();
--> statement-breakpoint
CREATE TRIGGER "change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skills_search" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"();
--> statement-breakpoint
-- search_cards as migration 0013 made it (see there), but for 1 to 3 above: same arguments, same
-- result type, so replaced in place.
CREATE OR REPLACE FUNCTION search_cards(q tsquery, expected integer[], bound integer[])
RETURNS json
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_sort = off
SET jit = off
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  -- The board in hand: its rows, the probe's limit, and the matches taken so far (ids, ats, ranks).
  board_rows integer[]; n bigint; probe_cap integer; found bigint; walked integer; taken integer; done boolean;
  ids uuid[]; ats timestamptz[]; ranks real[]; more_ids uuid[]; more_ats timestamptz[]; more_ranks real[];
  -- Each board's matches, for the cards.
  needs_ids uuid[]; needs_ats timestamptz[]; needs_ranks real[];
  events_ids uuid[]; events_ats timestamptz[]; events_ranks real[];
  skills_ids uuid[]; skills_ats timestamptz[]; skills_ranks real[];
BEGIN
  board_rows := array(select r.rows from unnest(array['needs', 'events', 'skills']) with ordinality b(board, i) left join search_lexeme_rows r on r.board = b.board and r.lexeme = '' order by b.i);
  -- needs
  n := coalesce(board_rows[1], 2147483647);
  probe_cap := case when 3 * bound[1]::float8 * bound[1] <= 100::float8 * n then bound[1]
    else least(ceil(sqrt(100::float8 * n / 3)), 600)::int end;
  ids := '{}'; ats := '{}'; ranks := '{}'; walked := 0; done := false;
  if coalesce(expected[1] <= probe_cap and 3 * expected[1]::float8 * expected[1] <= 100::float8 * n, false) then
    if bound[1] > probe_cap and n > 1000 then
      -- sample
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into ids, ats, ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from needs_search order by created_at desc offset 0 limit 100) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100) w;
      walked := 100;
    end if;
    if cardinality(ids)::float8 * n <= probe_cap::float8 * 100 then
      -- probe: the matches up to probe_cap + 1 (found), of which the newest 100 are kept and ranked
      select coalesce(array_agg(p.id), '{}'), coalesce(array_agg(p.created_at), '{}'), coalesce(array_agg(ts_rank(p.search_vector, q)), '{}'), coalesce(max(p.found), 0)
        into more_ids, more_ats, more_ranks, found
        from (select g.id, g.created_at, g.search_vector, count(*) over () as found
          from (select id, created_at, search_vector from needs_search where search_vector @@ q limit probe_cap + 1) g
          order by g.created_at desc limit 100) p;
      if found <= probe_cap then ids := more_ids; ats := more_ats; ranks := more_ranks; done := true; end if;
    end if;
  end if;
  if not done then
    -- first
    select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into more_ids, more_ats, more_ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from needs_search order by created_at desc offset walked limit 1000 - walked) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100 - cardinality(ids)) w;
    ids := ids || more_ids; ats := ats || more_ats; ranks := ranks || more_ranks;
    taken := cardinality(ids);
    done := taken = 100 or n <= 1000;
    if not done and 3 * taken * n / 1000 > 200000 / greatest(taken, 1) then
      -- second
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into more_ids, more_ats, more_ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from needs_search order by created_at desc offset 1000 limit 200000 / greatest(taken, 1)) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100 - taken) w;
      if taken + cardinality(more_ids) = 100 then ids := ids || more_ids; ats := ats || more_ats; ranks := ranks || more_ranks; done := true; end if;
    end if;
    if not done then
      -- every match
      select coalesce(array_agg(g.id), '{}'), coalesce(array_agg(g.created_at), '{}'), coalesce(array_agg(ts_rank(g.search_vector, q)), '{}') into ids, ats, ranks
        from (select id, created_at, search_vector from needs_search where search_vector @@ q
          order by created_at + interval '0 s' desc limit 100) g;
    end if;
  end if;
  needs_ids := ids; needs_ats := ats; needs_ranks := ranks;

  -- events
  n := coalesce(board_rows[2], 2147483647);
  probe_cap := case when 3 * bound[2]::float8 * bound[2] <= 100::float8 * n then bound[2]
    else least(ceil(sqrt(100::float8 * n / 3)), 600)::int end;
  ids := '{}'; ats := '{}'; ranks := '{}'; walked := 0; done := false;
  if coalesce(expected[2] <= probe_cap and 3 * expected[2]::float8 * expected[2] <= 100::float8 * n, false) then
    if bound[2] > probe_cap and n > 1000 then
      -- sample
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into ids, ats, ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from events_search order by created_at desc offset 0 limit 100) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100) w;
      walked := 100;
    end if;
    if cardinality(ids)::float8 * n <= probe_cap::float8 * 100 then
      -- probe: the matches up to probe_cap + 1 (found), of which the newest 100 are kept and ranked
      select coalesce(array_agg(p.id), '{}'), coalesce(array_agg(p.created_at), '{}'), coalesce(array_agg(ts_rank(p.search_vector, q)), '{}'), coalesce(max(p.found), 0)
        into more_ids, more_ats, more_ranks, found
        from (select g.id, g.created_at, g.search_vector, count(*) over () as found
          from (select id, created_at, search_vector from events_search where search_vector @@ q limit probe_cap + 1) g
          order by g.created_at desc limit 100) p;
      if found <= probe_cap then ids := more_ids; ats := more_ats; ranks := more_ranks; done := true; end if;
    end if;
  end if;
  if not done then
    -- first
    select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into more_ids, more_ats, more_ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from events_search order by created_at desc offset walked limit 1000 - walked) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100 - cardinality(ids)) w;
    ids := ids || more_ids; ats := ats || more_ats; ranks := ranks || more_ranks;
    taken := cardinality(ids);
    done := taken = 100 or n <= 1000;
    if not done and 3 * taken * n / 1000 > 200000 / greatest(taken, 1) then
      -- second
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into more_ids, more_ats, more_ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from events_search order by created_at desc offset 1000 limit 200000 / greatest(taken, 1)) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100 - taken) w;
      if taken + cardinality(more_ids) = 100 then ids := ids || more_ids; ats := ats || more_ats; ranks := ranks || more_ranks; done := true; end if;
    end if;
    if not done then
      -- every match
      select coalesce(array_agg(g.id), '{}'), coalesce(array_agg(g.created_at), '{}'), coalesce(array_agg(ts_rank(g.search_vector, q)), '{}') into ids, ats, ranks
        from (select id, created_at, search_vector from events_search where search_vector @@ q
          order by created_at + interval '0 s' desc limit 100) g;
    end if;
  end if;
  events_ids := ids; events_ats := ats; events_ranks := ranks;

  -- skills
  n := coalesce(board_rows[3], 2147483647);
  probe_cap := case when 3 * bound[3]::float8 * bound[3] <= 100::float8 * n then bound[3]
    else least(ceil(sqrt(100::float8 * n / 3)), 600)::int end;
  ids := '{}'; ats := '{}'; ranks := '{}'; walked := 0; done := false;
  if coalesce(expected[3] <= probe_cap and 3 * expected[3]::float8 * expected[3] <= 100::float8 * n, false) then
    if bound[3] > probe_cap and n > 1000 then
      -- sample
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into ids, ats, ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from skills_search order by created_at desc offset 0 limit 100) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100) w;
      walked := 100;
    end if;
    if cardinality(ids)::float8 * n <= probe_cap::float8 * 100 then
      -- probe: the matches up to probe_cap + 1 (found), of which the newest 100 are kept and ranked
      select coalesce(array_agg(p.id), '{}'), coalesce(array_agg(p.created_at), '{}'), coalesce(array_agg(ts_rank(p.search_vector, q)), '{}'), coalesce(max(p.found), 0)
        into more_ids, more_ats, more_ranks, found
        from (select g.id, g.created_at, g.search_vector, count(*) over () as found
          from (select id, created_at, search_vector from skills_search where search_vector @@ q limit probe_cap + 1) g
          order by g.created_at desc limit 100) p;
      if found <= probe_cap then ids := more_ids; ats := more_ats; ranks := more_ranks; done := true; end if;
    end if;
  end if;
  if not done then
    -- first
    select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into more_ids, more_ats, more_ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from skills_search order by created_at desc offset walked limit 1000 - walked) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100 - cardinality(ids)) w;
    ids := ids || more_ids; ats := ats || more_ats; ranks := ranks || more_ranks;
    taken := cardinality(ids);
    done := taken = 100 or n <= 1000;
    if not done and 3 * taken * n / 1000 > 200000 / greatest(taken, 1) then
      -- second
      select coalesce(array_agg(w.id), '{}'), coalesce(array_agg(w.created_at), '{}'), coalesce(array_agg(w.r), '{}') into more_ids, more_ats, more_ranks
        from (select w.id, w.created_at, ts_rank(w.search_vector, q) as r
          from (select id, created_at, search_vector from skills_search order by created_at desc offset 1000 limit 200000 / greatest(taken, 1)) w
          where ts_match_vq(w.search_vector, q) order by w.created_at desc limit 100 - taken) w;
      if taken + cardinality(more_ids) = 100 then ids := ids || more_ids; ats := ats || more_ats; ranks := ranks || more_ranks; done := true; end if;
    end if;
    if not done then
      -- every match
      select coalesce(array_agg(g.id), '{}'), coalesce(array_agg(g.created_at), '{}'), coalesce(array_agg(ts_rank(g.search_vector, q)), '{}') into ids, ats, ranks
        from (select id, created_at, search_vector from skills_search where search_vector @@ q
          order by created_at + interval '0 s' desc limit 100) g;
    end if;
  end if;
  skills_ids := ids; skills_ats := ats; skills_ranks := ranks;

  -- The first 20 of each board's newest 100 matches, by rank, as cards.
  -- Each card a json array of its columns in this order (modules/search/service.ts reads them so):
  -- the columns' names, repeated in every card, were half the text handed over.
  RETURN (select coalesce(json_agg(json_build_array(c."board", c."total", c."position", c."id", c."type", c."title", c."description", c."category", c."customCategory", c."images", c."thumbnail", c."startDate", c."address", c."city", c."state")), '[]') from (
    select 'needs' as board, least(cardinality(needs_ids), 100) as total, p.position, m.id::text as id,
      m.type::text as "type", m.service_name as "title", m.description as "description", m.category as "category", null::text as "customCategory", m.images as "images", null::text as "thumbnail", null::text as "startDate", m.address as "address", m.city as "city", m.state as "state"
    from (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from unnest(needs_ids, needs_ats, needs_ranks) p(id, created_at, rank_)
      order by p.rank_ desc, p.created_at desc, p.id limit 20
    ) p join needs m on m.id = p.id
    union all
    select 'events' as board, least(cardinality(events_ids), 100) as total, p.position, m.id::text as id,
      null::text as "type", m.title as "title", m.description as "description", null::text as "category", null::text as "customCategory", null::text[] as "images", m.thumbnail as "thumbnail", m.start_date::text as "startDate", m.address as "address", null::text as "city", null::text as "state"
    from (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from unnest(events_ids, events_ats, events_ranks) p(id, created_at, rank_)
      order by p.rank_ desc, p.created_at desc, p.id limit 20
    ) p join events m on m.id = p.id
    union all
    select 'skills' as board, least(cardinality(skills_ids), 100) as total, p.position, m.id::text as id,
      null::text as "type", m.title as "title", m.description as "description", m.category as "category", m.custom_category as "customCategory", m.images as "images", null::text as "thumbnail", null::text as "startDate", m.address as "address", null::text as "city", null::text as "state"
    from (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from unnest(skills_ids, skills_ats, skills_ranks) p(id, created_at, rank_)
      order by p.rank_ desc, p.created_at desc, p.id limit 20
    ) p join skills m on m.id = p.id
  ) c);
END
$$;
