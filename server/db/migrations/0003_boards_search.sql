-- similarity() and the % operator of the typo mending (modules/search) come from pg_trgm, which PostgreSQL and PGlite both ship.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', ''), 'B') || setweight(to_tsvector('english', description || ' ' || address), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', service_name), 'A') || setweight(to_tsvector('english', category), 'B') || setweight(to_tsvector('english', description || ' ' || city || ' ' || state || ' ' || address), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', category || ' ' || custom_category), 'B') || setweight(to_tsvector('english', description || ' ' || address), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "search_words_first_letter_length_idx" ON "search_words" USING btree (left("word", 1),length("word"));--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "needs_search_vector_idx" ON "needs" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "skills_search_vector_idx" ON "skills" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
-- Keeps search_words, the dictionary typed words are mended against, filled from the boards' rows:
-- once per statement, from all the rows it wrote (a bulk insert costs one pass, not one per row).
CREATE FUNCTION "search_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w FROM written, unnest(tsvector_to_array(written.search_vector)) AS w WHERE length(w) >= 3 AND w !~ '^[0-9.,:/_-]+$'
    -- In one order, so two writers adding the same new words wait for each other instead of deadlocking.
    ORDER BY w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "needs_search_words_insert" AFTER INSERT ON "needs" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
CREATE TRIGGER "needs_search_words_update" AFTER UPDATE ON "needs" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
CREATE TRIGGER "events_search_words_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
CREATE TRIGGER "events_search_words_update" AFTER UPDATE ON "events" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
CREATE TRIGGER "skills_search_words_insert" AFTER INSERT ON "skills" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
CREATE TRIGGER "skills_search_words_update" AFTER UPDATE ON "skills" REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "search_words_add"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM (
    SELECT search_vector FROM "needs" UNION ALL SELECT search_vector FROM "events" UNION ALL SELECT search_vector FROM "skills"
  ) written, unnest(tsvector_to_array(written.search_vector)) AS w WHERE length(w) >= 3 AND w !~ '^[0-9.,:/_-]+$'
  ON CONFLICT DO NOTHING;
