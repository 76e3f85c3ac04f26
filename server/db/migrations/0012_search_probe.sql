-- search_cards (migration 0011) again, with one change: when few matches are expected, the GIN
-- index is now asked for up to min(sqrt(100 x n / 3), 600) matches before the walk is tried, where
-- 0011 stopped at 200. sqrt(100 x n / 3) is where the index stops being the cheaper (step 0 of 0011:
-- a match from it costs about three walked rows, a walk meets its 100 newest matches in about
-- 100 x n / m rows); 0011's 200 gave up well short of it, so words that meet a few hundred times in
-- a board of 10,000 paid for the probe, then the walk of 1,000 rows, then the index again, for every
-- match. Reading at most 600 unsorted matches keeps the price of a wrong guess small (about a
-- quarter of a millisecond on PGlite). Measured on PGlite with bench:search's 330 searches at 10,000
-- rows per board: 2.80 -> 2.57 ms a search on average, and the ten dearest in a row 40.8 -> 37.0 ms;
-- unchanged at 100,000 rows, where so few matches are rarely expected.
-- Everything else is as 0011 describes it.
CREATE OR REPLACE FUNCTION search_cards(q tsquery, expected integer[], bound integer[])
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
          else least(ceil(sqrt(100::float8 * n / 3)), 600)::int end as probe_cap
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
          else least(ceil(sqrt(100::float8 * n / 3)), 600)::int end as probe_cap
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
          else least(ceil(sqrt(100::float8 * n / 3)), 600)::int end as probe_cap
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
