-- Trigram indexes (typo-tolerant search) need pg_trgm, which PostgreSQL and PGlite both ship.
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
ALTER TABLE "events" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', ''), 'B') || setweight(to_tsvector('english', description || ' ' || address), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "search_terms" text GENERATED ALWAYS AS (lower(title || ' ' || address)) STORED;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', service_name), 'A') || setweight(to_tsvector('english', category), 'B') || setweight(to_tsvector('english', description || ' ' || city || ' ' || state || ' ' || address), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "needs" ADD COLUMN "search_terms" text GENERATED ALWAYS AS (lower(service_name || ' ' || category || ' ' || city || ' ' || state)) STORED;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', category || ' ' || custom_category), 'B') || setweight(to_tsvector('english', description || ' ' || address), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "search_terms" text GENERATED ALWAYS AS (lower(title || ' ' || category || ' ' || custom_category || ' ' || address)) STORED;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_search_vector_idx" ON "events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "events_search_terms_idx" ON "events" USING gin ("search_terms" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "needs_search_vector_idx" ON "needs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "needs_search_terms_idx" ON "needs" USING gin ("search_terms" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "skills_search_vector_idx" ON "skills" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "skills_search_terms_idx" ON "skills" USING gin ("search_terms" gin_trgm_ops);