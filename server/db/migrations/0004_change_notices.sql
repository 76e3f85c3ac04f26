-- Every committed write tells the other server instances on the same PostgreSQL database, so the
-- reads each caches in memory (db/read-cache.ts) are dropped at once: a statement-level trigger on
-- every table sends NOTIFY need_spot_changes (delivered on commit, none on rollback; repeats within a
-- transaction are folded into one). A table added later needs the same trigger: a server test fails
-- on any table without it.
CREATE FUNCTION "change_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('need_spot_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() LOOP
    EXECUTE format('CREATE TRIGGER "change_notice" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "change_notice"()', name);
  END LOOP;
END
$$;
