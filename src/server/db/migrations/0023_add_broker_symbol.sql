-- No backfill: the files of fills stored before are gone, and their normalised symbol is no
-- broker's spelling (the search matches it anyway).
ALTER TABLE "executions" ADD COLUMN "broker_symbol" text;
