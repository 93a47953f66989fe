-- A fill's user and a trade's user and account are implied by keys that already cascade (the fill's
-- account, the trade's opening fill). Checking them cost a large import one look-up per row each.
ALTER TABLE "executions" DROP CONSTRAINT "executions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_account_id_accounts_id_fk";
