CREATE TABLE "limit_hits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
DROP TABLE "otp_sends" CASCADE;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "sessions" SET "verified_at" = "created_at";--> statement-breakpoint
CREATE INDEX "limit_hits_key_created_at_idx" ON "limit_hits" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "limit_hits_created_at_idx" ON "limit_hits" USING btree ("created_at");