ALTER TABLE "challenge_participants" ADD COLUMN "completed_steps" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "badge" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "reward_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "challenges" ADD CONSTRAINT "challenges_reward_tokens_check" CHECK ("challenges"."reward_tokens" between 0 and 1000);