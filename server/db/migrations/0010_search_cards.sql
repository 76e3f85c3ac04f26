-- The home search's cards (modules/search/service.ts): for a tsquery, each board's newest matches
-- (at most 100, the count cap), ranked name above category above the rest, and the first 20 of them
-- as card rows, with the number of matches. A function, so that Postgres keeps its plan for the
-- session (PL/pgSQL caches the plans of its statements): parsing and planning this statement cost
-- more than running it on embedded PGlite (about 3 ms of 5 at 10k rows per board).
--
-- A generic plan (one for every query) is right here because each step's plan is forced, not
-- chosen from the query's words:
-- - first the walk: the newest rows by the created_at index, up to the 1,000th newest, each
--   tested with ts_match_vq (the function behind @@, which the GIN index does not serve, so the
--   walk is not swapped for it), stopping at the cap. A word many rows have fills the cap soon;
-- - if the walk does not fill the cap (the words are rare, or seldom meet), the GIN index finds
--   every match (ordered by an expression no index provides, so it is the GIN index that answers),
--   at the cost of what it finds.
-- The limits (100 matches, 20 cards, a walk of 1,000 rows) are SEARCH_COUNT_CAP, SEARCH_PAGE and
-- WALK_ROWS in modules/search/service.ts.
CREATE FUNCTION search_cards(q tsquery)
RETURNS TABLE (board text, total bigint, "position" bigint, id text, type text, title text, description text, category text,
  "customCategory" text, images text[], thumbnail text, "startDate" text, address text, city text, state text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  (
    with edge as materialized (select created_at from needs order by created_at desc offset 999 limit 1),
    walked as materialized (
      select id, created_at, search_vector from needs
      where ts_match_vq(search_vector, q) and created_at >= coalesce((select created_at from edge), '-infinity')
      order by created_at desc limit 100
    ),
    enough as materialized (select count(*) = 100 or not exists (select from edge) as yes from walked),
    matches as materialized (
      select m.id, m.created_at, ts_rank(m.search_vector, q) as rank_ from walked m where (select yes from enough)
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
    from page p join needs m on m.id = p.id
  )
  union all (
    with edge as materialized (select created_at from events order by created_at desc offset 999 limit 1),
    walked as materialized (
      select id, created_at, search_vector from events
      where ts_match_vq(search_vector, q) and created_at >= coalesce((select created_at from edge), '-infinity')
      order by created_at desc limit 100
    ),
    enough as materialized (select count(*) = 100 or not exists (select from edge) as yes from walked),
    matches as materialized (
      select m.id, m.created_at, ts_rank(m.search_vector, q) as rank_ from walked m where (select yes from enough)
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
    from page p join events m on m.id = p.id
  )
  union all (
    with edge as materialized (select created_at from skills order by created_at desc offset 999 limit 1),
    walked as materialized (
      select id, created_at, search_vector from skills
      where ts_match_vq(search_vector, q) and created_at >= coalesce((select created_at from edge), '-infinity')
      order by created_at desc limit 100
    ),
    enough as materialized (select count(*) = 100 or not exists (select from edge) as yes from walked),
    matches as materialized (
      select m.id, m.created_at, ts_rank(m.search_vector, q) as rank_ from walked m where (select yes from enough)
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
    from page p join skills m on m.id = p.id
  );
END
$$;
