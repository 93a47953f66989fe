-- A fill goes with its account (and so with its user). The foreign key did that by cascade, at the
-- cost of a key check, which also locks the account's row, for every fill written: about 6.5 µs a
-- fill on PGlite, a quarter of what storing one costs (BENCHMARKS.md, Import). One statement per
-- deleting statement does the same, as 0012 does for a fill's trades: the fills of the accounts it
-- deleted (found by an index on account_id), at the end of that statement, as the cascade did,
-- also for accounts removed by cascade from their user; their trades go with them by
-- executions_delete_their_trades. Every writer of fills holds its account's row lock first (or
-- created the account in its own transaction), so a fill cannot be written for an account that a
-- concurrent statement is deleting: the deleting statement waits for the lock, and its trigger's
-- statement, with a snapshot of its own, then sees the fill. That needs READ COMMITTED (the app's
-- isolation for every write): under a snapshot held for the whole transaction the fill would stay
-- behind, so these triggers refuse to run under any other isolation.
-- Each trigger's statement is planned when it runs (EXECUTE), for the rows at hand: a plan kept
-- for the connection (PGlite's lasts as long as the app) would stay the one made for the first
-- statement, a scan of the whole table after a large delete, for every delete of one fill after.
ALTER TABLE "executions" DROP CONSTRAINT "executions_account_id_accounts_id_fk";--> statement-breakpoint
CREATE FUNCTION delete_fills_of_deleted_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'accounts are deleted under READ COMMITTED only (their fills go by trigger)';
  END IF;
  EXECUTE 'DELETE FROM executions WHERE account_id IN (SELECT id FROM deleted_accounts)';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_delete_their_fills AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS deleted_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION delete_fills_of_deleted_accounts();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION delete_trades_of_deleted_fills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'fills are deleted under READ COMMITTED only (their trades go by trigger)';
  END IF;
  EXECUTE 'DELETE FROM trades WHERE opening_execution_id IN (SELECT id FROM deleted_fills)';
  RETURN NULL;
END
$$;
