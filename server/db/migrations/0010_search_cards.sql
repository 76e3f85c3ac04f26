-- The home search's cards (modules/search/service.ts): for a tsquery, each board's newest matches
-- (at most 100, the count cap), ranked name above category above the rest, and the first 20 of them
-- as card rows, with the number of matches. A function, so that Postgres keeps its plan for the
-- session (PL/pgSQL caches the plans of its statements): on embedded PGlite, parsing and planning
-- this statement cost more than running it (about 3 ms of 5 at 10k rows per board).
--
-- Each board's matches are found in up to three steps:
-- 1. first: the rows newer than the 1,000th newest (999 rows, fewer where times are equal), by the
--    created_at index, each tested with ts_match_vq (the function behind @@, which the GIN index
--    does not serve, so the planner cannot swap the walk for it), stopping at the cap. A word many
--    rows have fills the cap here.
-- 2. second: when the first walk found matches but not enough, it tells how often the words meet
--    (m in about 1,000 rows). If the GIN index would read more rows (m/1,000 of the board, its size
--    as Postgres estimates it) than a longer walk needs to meet the rest (200,000/m rows at most),
--    the walk goes on from the 1,000th newest row down, to that bound.
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
-- The limits (100 matches, 20 cards, a first walk of 1,000 rows) are SEARCH_COUNT_CAP, SEARCH_PAGE
-- and WALK_ROWS in modules/search/service.ts.
CREATE FUNCTION search_cards(q tsquery)
RETURNS TABLE (board text, total bigint, "position" bigint, id text, type text, title text, description text, category text,
  "customCategory" text, images text[], thumbnail text, "startDate" text, address text, city text, state text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET enable_seqscan = off
SET enable_sort = off
SET jit = off
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  (
    with edge as materialized (select created_at from needs order by created_at desc offset 999 limit 1),
    first as materialized (
      select id, created_at, search_vector from needs
      where ts_match_vq(search_vector, q) and created_at > coalesce((select created_at from edge), '-infinity')
      order by created_at desc limit 100
    ),
    -- The board's rows, about: its pages now, times its rows per page at the last ANALYZE (30 before one).
    size as materialized (
      select pg_relation_size(c.oid) / current_setting('block_size')::int
        * case when c.relpages > 0 and c.reltuples > 0 then c.reltuples / c.relpages else 30 end as rows_
      from pg_class c where c.oid = 'needs'::regclass
    ),
    -- The walk goes on when the GIN index would read more rows (m/1000 of the board) than the walk at most (200000/m).
    next as materialized (
      select count(*) = 100 or not exists (select from edge) as done,
        count(*) * (select rows_ from size) / 1000 > 200000 / greatest(count(*), 1) as walk,
        200000 / greatest(count(*), 1) as more
      from first
    ),
    second as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from needs
        where not (select done from next) and (select walk from next) and created_at <= (select created_at from edge)
        order by created_at desc limit (select more from next)
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100 - (select count(*) from first)
    ),
    enough as materialized (select (select done from next) or (select count(*) from first) + count(*) = 100 as yes from second),
    matches as materialized (
      select m.id, m.created_at, ts_rank(m.search_vector, q) as rank_ from (select * from first union all select * from second) m where (select yes from enough)
      union all
      select m.id, m.created_at, ts_rank(m.search_vector, q) from (
        select id, created_at, search_vector from needs
        where not (select yes from enough) and search_vector @@ q
        order by created_at + interval '0 s' desc limit 100
      ) m
    ),
    page as (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from matches p order by p.rank_ desc, p.created_at desc, p.id limit 20
    )
    select 'needs'::text, (select count(*) from matches), p.position, m.id::text, m.type::text, m.service_name, m.description, m.category, null::text, m.images, null::text, null::text, m.address, m.city, m.state
    from page p join needs m on m.id = p.id)
  union all (
    with edge as materialized (select created_at from events order by created_at desc offset 999 limit 1),
    first as materialized (
      select id, created_at, search_vector from events
      where ts_match_vq(search_vector, q) and created_at > coalesce((select created_at from edge), '-infinity')
      order by created_at desc limit 100
    ),
    -- The board's rows, about: its pages now, times its rows per page at the last ANALYZE (30 before one).
    size as materialized (
      select pg_relation_size(c.oid) / current_setting('block_size')::int
        * case when c.relpages > 0 and c.reltuples > 0 then c.reltuples / c.relpages else 30 end as rows_
      from pg_class c where c.oid = 'events'::regclass
    ),
    -- The walk goes on when the GIN index would read more rows (m/1000 of the board) than the walk at most (200000/m).
    next as materialized (
      select count(*) = 100 or not exists (select from edge) as done,
        count(*) * (select rows_ from size) / 1000 > 200000 / greatest(count(*), 1) as walk,
        200000 / greatest(count(*), 1) as more
      from first
    ),
    second as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from events
        where not (select done from next) and (select walk from next) and created_at <= (select created_at from edge)
        order by created_at desc limit (select more from next)
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100 - (select count(*) from first)
    ),
    enough as materialized (select (select done from next) or (select count(*) from first) + count(*) = 100 as yes from second),
    matches as materialized (
      select m.id, m.created_at, ts_rank(m.search_vector, q) as rank_ from (select * from first union all select * from second) m where (select yes from enough)
      union all
      select m.id, m.created_at, ts_rank(m.search_vector, q) from (
        select id, created_at, search_vector from events
        where not (select yes from enough) and search_vector @@ q
        order by created_at + interval '0 s' desc limit 100
      ) m
    ),
    page as (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from matches p order by p.rank_ desc, p.created_at desc, p.id limit 20
    )
    select 'events'::text, (select count(*) from matches), p.position, m.id::text, null::text, m.title, m.description, null::text, null::text, null::text[], m.thumbnail, m.start_date::text, m.address, null::text, null::text
    from page p join events m on m.id = p.id)
  union all (
    with edge as materialized (select created_at from skills order by created_at desc offset 999 limit 1),
    first as materialized (
      select id, created_at, search_vector from skills
      where ts_match_vq(search_vector, q) and created_at > coalesce((select created_at from edge), '-infinity')
      order by created_at desc limit 100
    ),
    -- The board's rows, about: its pages now, times its rows per page at the last ANALYZE (30 before one).
    size as materialized (
      select pg_relation_size(c.oid) / current_setting('block_size')::int
        * case when c.relpages > 0 and c.reltuples > 0 then c.reltuples / c.relpages else 30 end as rows_
      from pg_class c where c.oid = 'skills'::regclass
    ),
    -- The walk goes on when the GIN index would read more rows (m/1000 of the board) than the walk at most (200000/m).
    next as materialized (
      select count(*) = 100 or not exists (select from edge) as done,
        count(*) * (select rows_ from size) / 1000 > 200000 / greatest(count(*), 1) as walk,
        200000 / greatest(count(*), 1) as more
      from first
    ),
    second as materialized (
      select id, created_at, search_vector from (
        select id, created_at, search_vector from skills
        where not (select done from next) and (select walk from next) and created_at <= (select created_at from edge)
        order by created_at desc limit (select more from next)
      ) w
      where ts_match_vq(search_vector, q) order by created_at desc limit 100 - (select count(*) from first)
    ),
    enough as materialized (select (select done from next) or (select count(*) from first) + count(*) = 100 as yes from second),
    matches as materialized (
      select m.id, m.created_at, ts_rank(m.search_vector, q) as rank_ from (select * from first union all select * from second) m where (select yes from enough)
      union all
      select m.id, m.created_at, ts_rank(m.search_vector, q) from (
        select id, created_at, search_vector from skills
        where not (select yes from enough) and search_vector @@ q
        order by created_at + interval '0 s' desc limit 100
      ) m
    ),
    page as (
      select p.id, row_number() over (order by p.rank_ desc, p.created_at desc, p.id) as position
      from matches p order by p.rank_ desc, p.created_at desc, p.id limit 20
    )
    select 'skills'::text, (select count(*) from matches), p.position, m.id::text, null::text, m.title, m.description, m.category, m.custom_category, m.images, null::text, null::text, m.address, null::text, null::text
    from page p join skills m on m.id = p.id);
END
$$;
