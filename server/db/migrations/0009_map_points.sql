ALTER TABLE "skills" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "skills" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "events_latitude_longitude_idx" ON "events" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "needs_latitude_longitude_idx" ON "needs" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "skills_latitude_longitude_idx" ON "skills" USING btree ("latitude","longitude");