CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_place" varchar(200) NOT NULL,
	"to_place" varchar(200) NOT NULL,
	"destination_key" varchar(200) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"people_count" integer NOT NULL,
	"budget" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_dates_check" CHECK ("trips"."end_date" > "trips"."start_date"),
	CONSTRAINT "trips_people_count_check" CHECK ("trips"."people_count" between 1 and 100),
	CONSTRAINT "trips_budget_check" CHECK ("trips"."budget" between 1 and 1000000000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "companion_matching" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trips_user_id_end_date_idx" ON "trips" USING btree ("user_id","end_date");--> statement-breakpoint
CREATE INDEX "trips_destination_key_end_date_idx" ON "trips" USING btree ("destination_key","end_date");--> statement-breakpoint
-- Tells other instances of its writes, as every table does (migration 0004).
CREATE TRIGGER "change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trips" FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"();
