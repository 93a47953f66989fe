-- A trade's fills are its instrument's fills from its opening fill to its closing fill in replay
-- order: a trade is flat → flat for one instrument in one account, so its fills are one unbroken
-- stretch. Only a fill that crossed zero (split between the trade it closed and the one it
-- opened) needs its parts stored; every other fill belongs whole to the trade whose stretch holds
-- it. Storing a link row for every fill cost a large import one row, two index entries and two
-- key checks per fill (BENCHMARKS.md, Import). trade_parts lists both kinds, as trade_executions
-- did before.
ALTER TABLE "trades" ADD COLUMN "closing_execution_id" uuid;--> statement-breakpoint
UPDATE "trades" t SET "closing_execution_id" = (
  SELECT l.execution_id FROM "trade_executions" l JOIN "executions" e ON e.id = l.execution_id
  WHERE l.trade_id = t.id ORDER BY e.executed_at DESC, e.sequence DESC LIMIT 1
) WHERE t.status = 'closed';--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_closing_execution_ck" CHECK (("trades"."status" = 'closed') = ("trades"."closing_execution_id" is not null));--> statement-breakpoint
DELETE FROM "trade_executions" l USING "executions" e WHERE e.id = l.execution_id AND l.quantity = e.quantity;--> statement-breakpoint
-- Select by trade id (each trade's stretch is an index range of its instrument's fills).
CREATE VIEW "trade_parts" AS
SELECT t.id AS trade_id,
  e.id AS execution_id,
  coalesce(l.role, CASE WHEN (e.side = 'buy') = (t.direction = 'long') THEN 'entry' ELSE 'exit' END) AS role,
  coalesce(l.quantity, e.quantity) AS quantity,
  coalesce(l.commission, e.commission) AS commission,
  coalesce(l.fees, e.fees) AS fees,
  l.trade_id IS NOT NULL AS split
FROM "trades" t
JOIN "executions" o ON o.id = t.opening_execution_id
LEFT JOIN "executions" c ON c.id = t.closing_execution_id
-- opened_at and closed_at are the opening and closing fills' times: the index range on
-- (account_id, instrument_key, executed_at); the sequences settle fills at the same instant.
JOIN "executions" e ON e.account_id = t.account_id AND e.instrument_key = t.instrument_key
  AND e.executed_at >= t.opened_at AND e.executed_at <= coalesce(t.closed_at, 'infinity'::timestamptz)
  AND (e.executed_at, e.sequence) >= (o.executed_at, o.sequence)
  AND (t.closing_execution_id IS NULL OR (e.executed_at, e.sequence) <= (c.executed_at, c.sequence))
LEFT JOIN "trade_executions" l ON l.trade_id = t.id AND l.execution_id = e.id;--> statement-breakpoint
DROP INDEX "trades_account_instrument_idx";--> statement-breakpoint
CREATE INDEX "trades_account_instrument_opened_idx" ON "trades" USING btree ("account_id","instrument_key","opened_at");
