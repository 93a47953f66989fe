-- The trade list's sorts by symbol, P&L, R, quantity, holding time and fees had an index each, so
-- that every page was an index range scan at any depth; together they cost every trade written
-- several microseconds (7-8 % of a large import's time on PGlite, BENCHMARKS.md, Import). The list
-- now reads such a sort's trade ids in order once per user, filter and data version and pages
-- through them in memory (trade-order-cache.ts).
DROP INDEX "trades_user_symbol_id_idx";--> statement-breakpoint
DROP INDEX "trades_user_net_pnl_idx";--> statement-breakpoint
DROP INDEX "trades_user_gross_pnl_idx";--> statement-breakpoint
DROP INDEX "trades_user_r_multiple_idx";--> statement-breakpoint
DROP INDEX "trades_user_quantity_idx";--> statement-breakpoint
DROP INDEX "trades_user_holding_idx";--> statement-breakpoint
DROP INDEX "trades_user_fees_idx";