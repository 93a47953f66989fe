-- The journal moves out of the derived trades rows into trade_journals, keyed by the trade's
-- opening execution (as trade_tags and screenshots are): regrouping rebuilds trades around it.
-- Trades keep what they derive from it (R, strategy, has_notes) for the list and the analytics row.
CREATE TABLE "trade_journals" (
	"opening_execution_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"stop_price" numeric(24, 8),
	"target_price" numeric(24, 8),
	"risk_amount" numeric(24, 8),
	"strategy_id" uuid,
	"rating" smallint,
	"mistakes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "trade_journals" ADD CONSTRAINT "trade_journals_opening_execution_id_executions_id_fk" FOREIGN KEY ("opening_execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_journals" ADD CONSTRAINT "trade_journals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_journals" ADD CONSTRAINT "trade_journals_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_journals_user_idx" ON "trade_journals" USING btree ("user_id");--> statement-breakpoint
-- Every trade with anything journaled gives its journal to its opening fill.
INSERT INTO "trade_journals" ("opening_execution_id", "user_id", "stop_price", "target_price", "risk_amount",
  "strategy_id", "rating", "mistakes", "emotions", "notes", "updated_at")
SELECT "opening_execution_id", "user_id", "stop_price", "target_price", "risk_amount", "strategy_id", "rating",
  "mistakes", "emotions", "notes", "updated_at"
FROM "trades"
WHERE "stop_price" IS NOT NULL OR "target_price" IS NOT NULL OR "risk_amount" IS NOT NULL
  OR "strategy_id" IS NOT NULL OR "rating" IS NOT NULL OR "mistakes" <> '[]'::jsonb OR "emotions" <> '[]'::jsonb
  OR "notes" <> ''
ON CONFLICT ("opening_execution_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "has_notes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "trades" SET "has_notes" = true WHERE "notes" <> '';--> statement-breakpoint
-- analytics_row (migration 0008, by hand) is declared in the schema now, its layout in
-- analytics-row.ts: the same bytes, with the note flag from has_notes. Dropping it drops the index
-- that INCLUDEs it; drizzle declares no INCLUDE, so the index is made again here by hand.
ALTER TABLE "trades" DROP COLUMN "analytics_row";--> statement-breakpoint
DROP INDEX IF EXISTS "trades_user_closed_idx";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "analytics_row" "bytea" GENERATED ALWAYS AS (CASE WHEN "status" = 'closed' AND "closed_at" IS NOT NULL THEN float8send(round(date_part('epoch', "closed_at" - timestamptz '1970-01-01 00:00:00+00') * 1000)) || float8send(round(date_part('epoch', "opened_at" - timestamptz '1970-01-01 00:00:00+00') * 1000)) || float8send("net_pnl"::float8) || int8send(trunc("gross_pnl")::int8) || int8send(trunc("fees" + "commission")::int8) || int4send((("gross_pnl" - trunc("gross_pnl")) * 100000000)::int4) || int4send((("fees" + "commission" - trunc("fees" + "commission")) * 100000000)::int4) || int2send((CASE WHEN "direction" = 'short' THEN 1 ELSE 0 END + CASE WHEN "has_notes" THEN 2 ELSE 0 END + CASE WHEN "r_multiple" IS NOT NULL THEN 4 ELSE 0 END + CASE WHEN "holding_seconds" IS NOT NULL THEN 8 ELSE 0 END + CASE WHEN "strategy_id" IS NOT NULL THEN 16 ELSE 0 END)::int2) || uuid_send("account_id") || uuid_send("opening_execution_id") || coalesce(float8send("r_multiple"::float8), ''::bytea) || coalesce(float8send("holding_seconds"), ''::bytea) || coalesce(uuid_send("strategy_id"), ''::bytea) || int2send(octet_length("symbol")::int2) || decode(replace("symbol", '\', '\\'), 'escape') || int2send(octet_length("asset_class")::int2) || decode(replace("asset_class", '\', '\\'), 'escape') END) STORED;--> statement-breakpoint
CREATE INDEX "trades_user_closed_idx" ON "trades" USING btree ("user_id","closed_at","id") INCLUDE ("analytics_row");--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "stop_price";--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "target_price";--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "risk_amount";--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "mistakes";--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "emotions";--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "notes";
