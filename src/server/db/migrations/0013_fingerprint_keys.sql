-- Each fill's fingerprint becomes a 16-byte key (toFingerprintKey in execution-input.ts: change
-- both together): a content fingerprint (`v1:` and a SHA-256 in hex) keeps the first half of its
-- hash, a key as the Edgebook CSV writes it (`fp:<uuid>`) is itself, and any other text (a broker's
-- id, a manual or sample fill) becomes the MD5 of its UTF-8 bytes, whatever the database's
-- encoding. A file imported before this still matches its fills when imported again. The account's
-- unique index on the keys is about a third the size of the one on the texts, and each fill a large
-- import writes costs less (BENCHMARKS.md, Import). It rewrites the table, which is locked
-- meanwhile: on a large PostgreSQL database plan for that downtime and for twice the table's space.
DROP INDEX "executions_account_fingerprint_uq";--> statement-breakpoint
ALTER TABLE "executions" ALTER COLUMN "fingerprint" SET DATA TYPE uuid USING (
  CASE
    WHEN "fingerprint" ~ '^v1:[0-9a-f]{64}$' THEN substr("fingerprint", 4, 32)::uuid
    WHEN "fingerprint" ~* '^fp:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN substr("fingerprint", 4)::uuid
    ELSE md5(convert_to("fingerprint", 'UTF8'))::uuid
  END
);--> statement-breakpoint
-- Texts that were distinct and now share a key in one account (only hand-made files could carry such
-- `fp:` texts, or texts built to share an MD5): the first, in entry order, keeps it; each other gets
-- a key of its own, so no fill is lost, and importing that hand-made file again may add those again.
UPDATE "executions" e SET "fingerprint" = md5(convert_to('collision:' || e."id"::text, 'UTF8'))::uuid
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "account_id", "fingerprint" ORDER BY "sequence", "id") AS n
  FROM "executions"
) ranked
WHERE ranked."id" = e."id" AND ranked.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "executions_account_fingerprint_uq" ON "executions" USING btree ("account_id","fingerprint");
