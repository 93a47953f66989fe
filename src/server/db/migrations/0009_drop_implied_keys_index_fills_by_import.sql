-- A fill's user and a trade's user and account are implied by keys that already cascade (the fill's
-- account, the trade's opening fill). Checking them cost a large import one look-up per row each.
ALTER TABLE "executions" DROP CONSTRAINT "executions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_account_id_accounts_id_fk";
--> statement-breakpoint
-- Fills were indexed by user only for undoing an import, which then read all of the user's fills:
-- they are indexed by import instead (manual fills, which have none, not at all).
DROP INDEX "executions_user_idx";--> statement-breakpoint
CREATE INDEX "executions_import_idx" ON "executions" USING btree ("import_id") WHERE "executions"."import_id" is not null;
