CREATE TABLE "analytics_snapshots" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"trade_count" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_snapshots" ADD CONSTRAINT "analytics_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The bytes hardly compress: storing them as they are saves pglz seconds on a large user.
ALTER TABLE "analytics_snapshots" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Deleted trades must not live on in a snapshot: a statement deleting closed trades (the only ones
-- a snapshot holds) deletes their owners' snapshots in the same transaction; the app stores a new
-- one on its next load. An open trade regrouped as a fill arrives leaves the snapshot alone.
CREATE FUNCTION delete_analytics_snapshots() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_snapshots WHERE user_id IN (SELECT DISTINCT user_id FROM old_rows WHERE status = 'closed');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER trades_delete_analytics_snapshots AFTER DELETE ON trades
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION delete_analytics_snapshots();
