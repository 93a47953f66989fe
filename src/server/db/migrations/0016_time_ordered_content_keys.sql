-- A content fingerprint's key starts with the fill's time (toContentKey in execution-input.ts: change
-- both together): its epoch milliseconds as 48 bits, then the first 80 bits of the SHA-256 that 0013
-- kept 128 bits of. The account's unique index on the keys then grows at its end as a file's fills
-- come in time order, instead of at random places all over it (BENCHMARKS.md, Import).
--
-- A stored key is rekeyed only when it is provably a content fingerprint's: the SHA-256 of the fill's
-- own content (`v1|<time>|<instrument>|<side>|<quantity>|<price>|<occurrence>`, as the app hashes it)
-- for an occurrence number up to two past the count of identical fills in the account begins with
-- it (a fill imported from an Edgebook CSV carrying such a key included). Any other key (a broker's
-- id, a manual or sample fill) stays as it is, as does a content key this cannot prove (one of
-- identical fills most of which were deleted since): a file holding such a fill would add it again
-- if imported again. An Edgebook CSV written before this carries the old keys: importing it finds
-- the rekeyed fills (toRekeyedContentKey in execution-input.ts). It rewrites those rows, at start-up
-- on PGlite too: on a large database plan for the time it takes.
UPDATE "executions" e SET "fingerprint" = (
  lpad(to_hex(((m.ms % 281474976710656) + 281474976710656) % 281474976710656), 12, '0') || m.hash20
)::uuid
FROM (
  SELECT g.id, g.ms, substr(h.hex, 1, 20) AS hash20
  FROM (
    SELECT id, fingerprint,
      (extract(epoch FROM executed_at) * 1000)::bigint AS ms,
      'v1|' || to_char(executed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '|' || instrument_key
        || '|' || side || '|' || trim_scale(quantity)::text || '|' || trim_scale(price)::text || '|' AS content,
      count(*) OVER (PARTITION BY account_id, executed_at, instrument_key, side, quantity, price) AS identical
    FROM "executions"
    WHERE broker_exec_id IS NULL
  ) g
  CROSS JOIN LATERAL generate_series(1, g.identical + 2) AS occurrence
  CROSS JOIN LATERAL (SELECT encode(sha256(convert_to(g.content || occurrence, 'UTF8')), 'hex') AS hex) h
  WHERE substr(h.hex, 1, 32)::uuid = g.fingerprint
) m
WHERE m.id = e.id;
