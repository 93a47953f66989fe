-- A fill goes with its account (and so with its user). The foreign key did that by cascade, at the
-- cost of a key check, which also locks the account's row, for every fill written: about 6.5 µs a
-- fill on PGlite, a quarter of what storing one costs (BENCHMARKS.md, Import). One statement per
-- deleting statement does the same, as 0012 does for a fill's trades: the fills of the accounts it
-- deleted (found by executions_account_instrument_idx), at the end of that statement, as the
-- cascade did, also for accounts removed by cascade from their user; their trades go with them by
-- executions_delete_their_trades. Every writer of fills holds its account's row lock first (or
-- created the account in its own transaction), so a fill cannot be written for an account that a
-- concurrent statement is deleting.
ALTER TABLE "executions" DROP CONSTRAINT "executions_account_id_accounts_id_fk";--> statement-breakpoint
CREATE FUNCTION delete_fills_of_deleted_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM executions WHERE account_id IN (SELECT id FROM deleted_accounts);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_delete_their_fills AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS deleted_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION delete_fills_of_deleted_accounts();
