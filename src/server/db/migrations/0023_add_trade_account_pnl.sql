DROP INDEX IF EXISTS "trades_user_closed_idx";
--> statement-breakpoint
ALTER TABLE "trades" drop column "analytics_row";
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account_gross_pnl" numeric(24, 8);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account_fees" numeric(24, 8);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account_net_pnl" numeric(24, 8);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account_pnl_issue" text;
--> statement-breakpoint
-- Issue 42: each trade's P&L in its account's currency, computed for the trades there are with the
-- statement trades/account-pnl.queries.ts runs after every write (toAccountPnlUpdateSql, its scope
-- `true`), before analytics_row is added back so that it is computed once. analytics_row gains
-- the account figures (db/analytics-row.ts); the index that INCLUDEs it is made again.
WITH target AS (
  SELECT t.id, t.user_id, t.currency, t.multiplier, t.status, a.currency AS account_currency
  FROM trades t JOIN accounts a ON a.id = t.account_id
  WHERE true
),
parts AS (
  SELECT g.id AS trade_id,
    (CASE WHEN e.side = 'sell' THEN 1 ELSE -1 END) * p.quantity * e.price * g.multiplier AS signed,
    p.commission + p.fees AS costs,
    coalesce(e.fx_rate, (
      SELECT r.rate FROM fx_rates r
      WHERE r.user_id = g.user_id AND r.from_currency = g.currency AND r.to_currency = g.account_currency
        AND r.day <= coalesce(e.executed_on, (e.executed_at AT TIME ZONE 'UTC')::date)
      ORDER BY r.day DESC LIMIT 1
    )) AS rate
  FROM target g
  JOIN trade_parts p ON p.trade_id = g.id
  JOIN executions e ON e.id = p.execution_id
  WHERE g.status = 'closed' AND g.currency <> g.account_currency
),
sums AS (
  SELECT trade_id, count(*) FILTER (WHERE rate IS NULL) AS missing,
    sum(CASE WHEN rate = 1 THEN signed ELSE round(signed * rate, 2) END) AS gross,
    sum(CASE WHEN rate = 1 THEN signed - costs ELSE round((signed - costs) * rate, 2) END) AS net
  FROM parts GROUP BY trade_id
)
UPDATE trades u SET
  account_gross_pnl = CASE WHEN g.currency = g.account_currency THEN u.gross_pnl
    WHEN s.missing = 0 THEN s.gross END,
  account_fees = CASE WHEN g.currency = g.account_currency THEN u.fees + u.commission
    WHEN s.missing = 0 THEN s.gross - s.net END,
  account_net_pnl = CASE WHEN g.currency = g.account_currency THEN u.net_pnl
    WHEN s.missing = 0 THEN s.net END,
  account_pnl_issue = CASE WHEN g.currency = g.account_currency THEN NULL
    WHEN g.status <> 'closed' THEN 'open' WHEN s.missing = 0 THEN NULL ELSE 'no_rate' END
FROM target g LEFT JOIN sums s ON s.trade_id = g.id
WHERE u.id = g.id;
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "analytics_row" "bytea" GENERATED ALWAYS AS (CASE WHEN "status" = 'closed' AND "closed_at" IS NOT NULL THEN float8send(round(date_part('epoch', "closed_at" - timestamptz '1970-01-01 00:00:00+00') * 1000)) || float8send(round(date_part('epoch', "opened_at" - timestamptz '1970-01-01 00:00:00+00') * 1000)) || float8send("net_pnl"::float8) || int8send(trunc("gross_pnl")::int8) || int8send(trunc("fees" + "commission")::int8) || int4send((("gross_pnl" - trunc("gross_pnl")) * 100000000)::int4) || int4send((("fees" + "commission" - trunc("fees" + "commission")) * 100000000)::int4) || int2send((CASE WHEN "direction" = 'short' THEN 1 ELSE 0 END + CASE WHEN "has_notes" THEN 2 ELSE 0 END + CASE WHEN "r_multiple" IS NOT NULL THEN 4 ELSE 0 END + CASE WHEN "holding_seconds" IS NOT NULL THEN 8 ELSE 0 END + CASE WHEN "strategy_id" IS NOT NULL THEN 16 ELSE 0 END + CASE WHEN "opened_on" IS NOT NULL THEN 32 ELSE 0 END + CASE WHEN "account_net_pnl" IS NOT NULL AND ("account_net_pnl" <> "net_pnl" OR "account_gross_pnl" <> "gross_pnl" OR "account_fees" <> "fees" + "commission") THEN 64 ELSE 0 END + CASE WHEN "account_net_pnl" IS NULL THEN 128 ELSE 0 END)::int2) || uuid_send("account_id") || uuid_send("opening_execution_id") || coalesce(float8send("r_multiple"::float8), ''::bytea) || coalesce(float8send("holding_seconds"), ''::bytea) || coalesce(uuid_send("strategy_id"), ''::bytea) || coalesce(CASE WHEN "account_net_pnl" IS NOT NULL AND ("account_net_pnl" <> "net_pnl" OR "account_gross_pnl" <> "gross_pnl" OR "account_fees" <> "fees" + "commission") THEN float8send("account_net_pnl"::float8) || int8send(trunc("account_gross_pnl")::int8) || int8send(trunc("account_fees")::int8) || int4send((("account_gross_pnl" - trunc("account_gross_pnl")) * 100000000)::int4) || int4send((("account_fees" - trunc("account_fees")) * 100000000)::int4) END, ''::bytea) || int2send(octet_length("symbol")::int2) || decode(replace("symbol", '\', '\\'), 'escape') || int2send(octet_length("asset_class")::int2) || decode(replace("asset_class", '\', '\\'), 'escape') || int2send(octet_length(CASE WHEN "account_net_pnl" IS NULL THEN "currency" ELSE '' END)::int2) || decode(replace(CASE WHEN "account_net_pnl" IS NULL THEN "currency" ELSE '' END, '\', '\\'), 'escape') END) STORED;
--> statement-breakpoint
CREATE INDEX "trades_account_pnl_pending_idx" ON "trades" USING btree ("account_id") WHERE "trades"."account_pnl_issue" = 'pending';
--> statement-breakpoint
CREATE INDEX "trades_user_closed_idx" ON "trades" USING btree ("user_id","closed_at","id") INCLUDE ("analytics_row");
