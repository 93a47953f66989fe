-- Everything the analytics cache keeps of a closed trade, as bytes computed when the trade is
-- written (null while it is open), so that reading 100,000 trades again is a copy rather than
-- 1,400,000 numerics and timestamps formatted as text. The layout (big-endian, as the send
-- functions write) is read by decodeTradeFactsRows in trade-facts-rows.ts; change both together:
--   0 close, epoch ms (float8)     8 entry, epoch ms (float8)     16 net P&L (float8)
--  24 gross P&L whole units (int8)     32 fees + commission whole units (int8)
--  40 gross P&L 1e-8 units (int4)      44 fees + commission 1e-8 units (int4)
--     (each part exact and of the value's sign)
--  48 flags (int2): 1 short, 2 has a note, 4 has R, 8 has holding time, 16 has a strategy
--  50 account id, 66 opening execution id (uuid, 16 bytes each)
--  82 then, each only when its flag says so: R (float8), holding seconds (float8), strategy id (uuid)
--     then the symbol and the asset class: each a byte length (int2) and its UTF-8 bytes
-- Every function here is immutable, as a generated column needs: the epoch as an interval from a
-- constant (date_part of a timestamp(3) rounded to whole ms is exact, and float8 arithmetic is
-- several times cheaper than extract's numeric), and text as bytes through decode(…, 'escape')
-- with its backslashes doubled. It costs each trade written a few microseconds (BENCHMARKS.md).
ALTER TABLE "trades" ADD COLUMN "analytics_row" bytea GENERATED ALWAYS AS (
  CASE WHEN "status" = 'closed' AND "closed_at" IS NOT NULL THEN
    float8send(round(date_part('epoch', "closed_at" - timestamptz '1970-01-01 00:00:00+00') * 1000))
    || float8send(round(date_part('epoch', "opened_at" - timestamptz '1970-01-01 00:00:00+00') * 1000))
    || float8send("net_pnl"::float8)
    || int8send(trunc("gross_pnl")::int8)
    || int8send(trunc("fees" + "commission")::int8)
    || int4send((("gross_pnl" - trunc("gross_pnl")) * 100000000)::int4)
    || int4send((("fees" + "commission" - trunc("fees" + "commission")) * 100000000)::int4)
    || int2send((
      CASE WHEN "direction" = 'short' THEN 1 ELSE 0 END
      + CASE WHEN "notes" <> '' THEN 2 ELSE 0 END
      + CASE WHEN "r_multiple" IS NOT NULL THEN 4 ELSE 0 END
      + CASE WHEN "holding_seconds" IS NOT NULL THEN 8 ELSE 0 END
      + CASE WHEN "strategy_id" IS NOT NULL THEN 16 ELSE 0 END
    )::int2)
    || uuid_send("account_id")
    || uuid_send("opening_execution_id")
    || coalesce(float8send("r_multiple"::float8), ''::bytea)
    || coalesce(float8send("holding_seconds"), ''::bytea)
    || coalesce(uuid_send("strategy_id"), ''::bytea)
    || int2send(octet_length("symbol")::int2) || decode(replace("symbol", '\', '\\'), 'escape')
    || int2send(octet_length("asset_class")::int2) || decode(replace("asset_class", '\', '\\'), 'escape')
  END
) STORED;--> statement-breakpoint
-- The user's closed trades in (closed_at, id) order with their bytes, from the index alone (an
-- index-only scan once vacuum has marked the pages all-visible): no sort, no visit to the table.
DROP INDEX "trades_user_closed_idx";--> statement-breakpoint
CREATE INDEX "trades_user_closed_idx" ON "trades" USING btree ("user_id","closed_at","id") INCLUDE ("analytics_row");
