CREATE TABLE "otp_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otps_purpose_check" CHECK ("otps"."purpose" in ('password-reset', 'email-change'))
);
--> statement-breakpoint
ALTER TABLE "otps" ADD CONSTRAINT "otps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_sends_key_created_at_idx" ON "otp_sends" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "otp_sends_created_at_idx" ON "otp_sends" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otps_user_id_purpose_unused_key" ON "otps" USING btree ("user_id","purpose") WHERE "otps"."used_at" is null;--> statement-breakpoint
CREATE INDEX "otps_purpose_email_idx" ON "otps" USING btree ("purpose","email");--> statement-breakpoint
CREATE INDEX "otps_expires_at_idx" ON "otps" USING btree ("expires_at");