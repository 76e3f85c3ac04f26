CREATE TABLE "blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" uuid,
	"moderator_username" text NOT NULL,
	"action" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('dismiss', 'hide', 'restore', 'suspend', 'unsuspend'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "reports_item_type_check" CHECK ("reports"."item_type" in ('user', 'whisper', 'need', 'event', 'skill', 'message')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'scam', 'harassment', 'unsafe-meeting', 'inappropriate', 'other')),
	CONSTRAINT "reports_details_length_check" CHECK (char_length("reports"."details") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "author_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "author_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "author_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whispers" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whispers" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_id_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_at_idx" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_reporter_item_key" ON "reports" USING btree ("reporter_id","item_type","item_id") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_open_item_idx" ON "reports" USING btree ("item_type","item_id","created_at") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "events_hidden_at_idx" ON "events" USING btree ("hidden_at") WHERE "events"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_hidden_at_idx" ON "messages" USING btree ("hidden_at") WHERE "messages"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "needs_hidden_at_idx" ON "needs" USING btree ("hidden_at") WHERE "needs"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "skills_hidden_at_idx" ON "skills" USING btree ("hidden_at") WHERE "skills"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "whispers_hidden_at_idx" ON "whispers" USING btree ("hidden_at") WHERE "whispers"."hidden_at" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('member', 'moderator'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'deactivated', 'suspended'));--> statement-breakpoint
-- The search leaves out what moderators hid and what suspended members posted, for everyone, and,
-- for a member who blocked or was blocked by others, those members' posts (`excluded`, their ids;
-- empty for everyone else, whose answers are kept: lib/cached-reads.ts). search_matches' every step
-- says so on columns of the row: hidden_at, author_suspended (kept by whatever suspends or lifts a
-- suspension) and the author's id, which the view gains, last, so CREATE OR REPLACE keeps it in
-- place. Not in the view's own WHERE: Postgres flattens a UNION ALL view only when its branches have
-- none, and without that it sorted whole boards and read them for each card (bench:search at 10k
-- rows: 10 to 30 times slower); nor through a join to users, for the same reason.
CREATE OR REPLACE VIEW "search_boards" AS
  SELECT 'needs'::text AS board, n.id, n.created_at, n.search_vector,
    json_build_object('_id', n.id, 'type', n.type, 'serviceName', n.service_name, 'description', n.description, 'category', n.category,
      'images', n.images, 'location', json_build_object('address', n.address, 'city', n.city, 'state', n.state)) AS card,
    n.user_id AS author_id, n.hidden_at, n.author_suspended
  FROM needs n
  UNION ALL SELECT 'events', e.id, e.created_at, e.search_vector,
    json_build_object('_id', e.id, 'title', e.title, 'description', e.description, 'thumbnail', e.thumbnail, 'startDate', e.start_date,
      'address', e.address, 'location', json_build_object('address', e.address), 'url', '/events/' || e.id),
    e.created_by, e.hidden_at, e.author_suspended
  FROM events e
  UNION ALL SELECT 'skills', s.id, s.created_at, s.search_vector,
    json_build_object('_id', s.id, 'title', s.title, 'description', s.description, 'images', s.images, 'category', s.category,
      'customCategory', s.custom_category, 'address', s.address, 'url', '/skills/' || s.id),
    s.user_id, s.hidden_at, s.author_suspended
  FROM skills s;
--> statement-breakpoint
DROP FUNCTION "search_groups"(tsquery, integer, integer, integer);--> statement-breakpoint
DROP FUNCTION "search_matches"(text, tsquery, integer, integer);--> statement-breakpoint
-- Migration 0016's search_matches, reading every step through search_boards (the one-word statement
-- too, which read the board's table), and leaving out the posts of `excluded` authors.
CREATE FUNCTION "search_matches"(board text, q tsquery, terms integer, want integer, excluded uuid[])
RETURNS TABLE (id uuid, created_at timestamptz, rank real)
LANGUAGE plpgsql STABLE ROWS 100 AS $$
DECLARE
  n float8 := greatest((SELECT c.reltuples FROM pg_class c WHERE c.oid = board::regclass), 1000);
  probe integer := ceil(sqrt(want * n));
  sampled integer;
  ids uuid[];
  ats timestamptz[];
BEGIN
  IF terms = 1 THEN
    RETURN QUERY EXECUTE format('SELECT id, created_at, ts_rank(search_vector, $1) FROM (SELECT v.id, v.created_at, v.search_vector FROM search_boards v
      WHERE v.board = %L AND v.search_vector @@ $1 AND v.hidden_at IS NULL AND NOT v.author_suspended AND v.author_id <> ALL ($3) ORDER BY v.created_at DESC, v.id DESC LIMIT $2) m', board)
      USING q, want, excluded;
    RETURN;
  END IF;
  SELECT count(*) INTO sampled FROM (SELECT v.search_vector FROM search_boards v WHERE v.board = $1 AND v.hidden_at IS NULL AND NOT v.author_suspended AND v.author_id <> ALL (excluded)
    ORDER BY v.created_at DESC LIMIT 100) s
  WHERE s.search_vector @@ q;
  IF sampled * n < 100 * probe THEN
    SELECT array_agg(v.id), array_agg(v.created_at) INTO ids, ats
    FROM (SELECT v.id, v.created_at FROM search_boards v WHERE v.board = $1 AND v.search_vector @@ q AND v.hidden_at IS NULL AND NOT v.author_suspended AND v.author_id <> ALL (excluded) LIMIT probe + 1) v;
    IF ids IS NULL THEN
      RETURN;
    END IF;
  END IF;
  IF ids IS NULL OR cardinality(ids) > probe THEN
    SELECT array_agg(w.id), array_agg(w.created_at) INTO ids, ats FROM (SELECT w.id, w.created_at
      FROM (SELECT v.id, v.created_at, v.search_vector FROM search_boards v WHERE v.board = $1 AND v.hidden_at IS NULL AND NOT v.author_suspended AND v.author_id <> ALL (excluded)
        ORDER BY v.created_at DESC LIMIT 4 * probe) w
      WHERE w.search_vector @@ q ORDER BY w.created_at DESC, w.id DESC LIMIT want) w;
    IF coalesce(cardinality(ids), 0) < want THEN
      SELECT array_agg(a.id), array_agg(a.created_at) INTO ids, ats FROM (SELECT a.id, a.created_at
        FROM (SELECT v.id, v.created_at FROM search_boards v WHERE v.board = $1 AND v.search_vector @@ q AND v.hidden_at IS NULL AND NOT v.author_suspended AND v.author_id <> ALL (excluded) OFFSET 0) a
        ORDER BY a.created_at DESC, a.id DESC LIMIT want) a;
    END IF;
  END IF;
  RETURN QUERY SELECT v.id, v.created_at, ts_rank(v.search_vector, q)
    FROM (SELECT m.i, m.a FROM unnest(ids, ats) m(i, a) ORDER BY m.a DESC, m.i DESC LIMIT want) m
    JOIN search_boards v ON v.board = $1 AND v.id = m.i
    ORDER BY v.created_at DESC, v.id DESC;
END $$;
--> statement-breakpoint
-- Migration 0016's search_groups, passing `excluded` on.
CREATE FUNCTION "search_groups"(q tsquery, terms integer, counted integer, page integer, excluded uuid[]) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(c ORDER BY c.board, c.position), '[]') FROM (
    SELECT r.board, r.total, r.position, v.card FROM (
      SELECT b.board, m.id, m.total::int AS total,
        row_number() OVER (PARTITION BY b.board ORDER BY m.rank DESC, m.created_at DESC, m.id DESC) AS position
      FROM unnest(ARRAY['needs', 'events', 'skills']) b(board)
      CROSS JOIN LATERAL (
        SELECT s.id, s.created_at, s.rank, count(*) OVER () AS total, row_number() OVER (ORDER BY s.created_at DESC, s.id DESC) AS nth
        FROM search_matches(b.board, q, terms, counted + 1, excluded) s
      ) m
      WHERE m.nth <= counted
    ) r
    JOIN search_boards v ON v.board = r.board AND v.id = r.id
    WHERE r.position <= page
  ) c);
END $$;
