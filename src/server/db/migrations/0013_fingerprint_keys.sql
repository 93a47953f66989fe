-- Each fill's fingerprint becomes a 16-byte key (toFingerprintKey in execution-input.ts: change
-- both together): a content fingerprint (`v1:` and a SHA-256 in hex) keeps the first half of its
-- hash, a key as the Edgebook CSV writes it (`fp:<uuid>`) is itself, and any other text (a broker's
-- id, a manual or sample fill) becomes its MD5. A file imported before this still matches its fills
-- when imported again. The account's unique index on the keys is about a third the size of the
-- one on the texts, and each fill a large import writes costs less (BENCHMARKS.md, Import).
DROP INDEX "executions_account_fingerprint_uq";--> statement-breakpoint
ALTER TABLE "executions" ALTER COLUMN "fingerprint" SET DATA TYPE uuid USING (
  CASE
    WHEN "fingerprint" ~ '^v1:[0-9a-f]{64}$' THEN substr("fingerprint", 4, 32)::uuid
    WHEN "fingerprint" ~* '^fp:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN substr("fingerprint", 4)::uuid
    ELSE md5("fingerprint")::uuid
  END
);--> statement-breakpoint
CREATE UNIQUE INDEX "executions_account_fingerprint_uq" ON "executions" USING btree ("account_id","fingerprint");
