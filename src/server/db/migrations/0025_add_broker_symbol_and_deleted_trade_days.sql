ALTER TABLE "deleted_trades" ADD COLUMN "opened_on" date;--> statement-breakpoint
ALTER TABLE "deleted_trades" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "deleted_trades" ADD COLUMN "asset_class" text;--> statement-breakpoint
ALTER TABLE "executions" ADD COLUMN "broker_symbol" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "duplicates_deleted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Trades deleted before this migration: their days alone from their fills, still kept (a closed
-- trade's close is its last fill in replay order), and the opening fill's asset class. Fills get
-- no broker symbol: their files are gone, and their normalised symbol is no broker's spelling.
UPDATE "deleted_trades" d SET
  "opened_on" = (SELECT e."executed_on" FROM "executions" e WHERE e."id" = d."opening_execution_id"),
  "asset_class" = (SELECT e."asset_class" FROM "executions" e WHERE e."id" = d."opening_execution_id"),
  "closed_on" = CASE WHEN d."status" = 'closed' THEN (
    SELECT e."executed_on" FROM "executions" e WHERE e."id" = ANY(d."execution_ids")
    ORDER BY e."executed_at" DESC, e."sequence" DESC LIMIT 1
  ) END;
