-- A trade goes with the fill that opened it (and so with its account or user). The foreign key did
-- that by cascade, at the cost of a key check, which also locks the fill's row, for every trade
-- written: about 8 µs a trade on PGlite and 4 on PostgreSQL, a tenth of what storing a trade costs
-- (BENCHMARKS.md, Import). One statement per deleting statement does the same: the trades whose
-- opening fill it deleted (found by trades_opening_execution_uq), at the end of that statement, as
-- the cascade did, and also for fills removed by cascade from their account or user.
ALTER TABLE "trades" DROP CONSTRAINT "trades_opening_execution_id_executions_id_fk";--> statement-breakpoint
CREATE FUNCTION delete_trades_of_deleted_fills() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trades WHERE opening_execution_id IN (SELECT id FROM deleted_fills);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER executions_delete_their_trades AFTER DELETE ON executions
  REFERENCING OLD TABLE AS deleted_fills
  FOR EACH STATEMENT EXECUTE FUNCTION delete_trades_of_deleted_fills();
