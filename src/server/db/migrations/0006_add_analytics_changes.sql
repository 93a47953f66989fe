CREATE TABLE "analytics_changes" (
	"user_id" uuid NOT NULL,
	"version" bigint NOT NULL,
	"closed_at" timestamp (3) with time zone[],
	CONSTRAINT "analytics_changes_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
ALTER TABLE "analytics_changes" ADD CONSTRAINT "analytics_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each trigger of migration 0005 now also says what it changed: one analytics_changes row per user
-- and version, with the distinct close times of the trades touched (old and new rows), or null when
-- there are more than 2,000 (the cache then reads everything). Rows 200 versions old are pruned
-- in the same statement, so the table stays small. `changed_users`/`changed_times` are pairs.
CREATE FUNCTION record_analytics_changes(owner_ids uuid[], changed_users uuid[], changed_times timestamptz[])
RETURNS void LANGUAGE sql AS $$
  WITH changed AS (SELECT * FROM unnest(changed_users, changed_times) AS c(user_id, closed_at)),
  bumped AS (
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id = ANY(owner_ids) RETURNING id, analytics_version
  ),
  logged AS (
    INSERT INTO analytics_changes (user_id, version, closed_at)
    SELECT b.id, b.analytics_version,
      CASE WHEN count(DISTINCT c.closed_at) > 2000 THEN NULL
        ELSE coalesce(array_agg(DISTINCT c.closed_at) FILTER (WHERE c.closed_at IS NOT NULL), '{}') END
    FROM bumped b LEFT JOIN changed c ON c.user_id = b.id
    GROUP BY b.id, b.analytics_version
    RETURNING user_id, version
  )
  DELETE FROM analytics_changes a USING logged l WHERE a.user_id = l.user_id AND a.version <= l.version - 200;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_analytics_version_of_trades() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_users uuid[];
  changed_times timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(closed_at) INTO changed_users, changed_times
    FROM (SELECT DISTINCT user_id, closed_at FROM new_rows) d;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(user_id), array_agg(closed_at) INTO changed_users, changed_times
    FROM (SELECT user_id, closed_at FROM new_rows UNION SELECT user_id, closed_at FROM old_rows) d;
  ELSE
    SELECT array_agg(user_id), array_agg(closed_at) INTO changed_users, changed_times
    FROM (SELECT DISTINCT user_id, closed_at FROM old_rows) d;
  END IF;
  PERFORM record_analytics_changes(ARRAY(SELECT DISTINCT unnest(changed_users)), changed_users, changed_times);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A tag on a trade changes that trade's facts: the close time is that of the trade the tagged fill
-- opens (none when it opens no trade). The owner is still found through the tag, as before.
CREATE OR REPLACE FUNCTION bump_analytics_version_of_trade_tags() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  owner_ids uuid[];
  changed_users uuid[];
  changed_times timestamptz[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(opening_execution_id), array_agg(DISTINCT tags.user_id) INTO touched, owner_ids
    FROM new_rows JOIN tags ON tags.id = new_rows.tag_id;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(opening_execution_id), array_agg(DISTINCT tags.user_id) INTO touched, owner_ids
    FROM (SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) r JOIN tags ON tags.id = r.tag_id;
  ELSE
    SELECT array_agg(opening_execution_id), array_agg(DISTINCT tags.user_id) INTO touched, owner_ids
    FROM old_rows JOIN tags ON tags.id = old_rows.tag_id;
  END IF;
  -- The owners' rows first, as the bump would lock them: a write that bumped before this one has
  -- then committed, so the close times read next are its (each statement here reads afresh).
  PERFORM 1 FROM users WHERE id = ANY(owner_ids) ORDER BY id FOR UPDATE;
  SELECT array_agg(user_id), array_agg(closed_at) INTO changed_users, changed_times
  FROM (SELECT DISTINCT user_id, closed_at FROM trades WHERE opening_execution_id = ANY(touched)) d;
  PERFORM record_analytics_changes(owner_ids, changed_users, changed_times);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted tag's trades are no longer known here (its trade_tags rows go by cascade): null, read everything.
CREATE OR REPLACE FUNCTION bump_analytics_version_of_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH bumped AS (
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (SELECT DISTINCT user_id FROM old_rows) RETURNING id, analytics_version
  ),
  logged AS (
    INSERT INTO analytics_changes (user_id, version, closed_at)
    SELECT id, analytics_version, NULL FROM bumped
    RETURNING user_id, version
  )
  DELETE FROM analytics_changes a USING logged l WHERE a.user_id = l.user_id AND a.version <= l.version - 200;
  RETURN NULL;
END
$$;
