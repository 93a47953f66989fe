-- users.analytics_version moves whenever anything the analytics read changes: the user's trades,
-- the tags on them, or a tag of theirs going away. The in-memory analytics cache
-- (src/server/modules/analytics/trade-facts-cache.ts) compares it on every request, so every app
-- instance on one database sees every write. Statement-level triggers with transition tables: an
-- import that inserts 100,000 trades in a few statements bumps a few times, not 100,000 times.
-- PostgreSQL allows a transition table only on a single-event trigger, hence one trigger per event.
CREATE FUNCTION bump_analytics_version_of_trades() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (SELECT DISTINCT user_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows);
  ELSE
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (SELECT DISTINCT user_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trades_analytics_version_insert AFTER INSERT ON trades
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_trades();
--> statement-breakpoint
CREATE TRIGGER trades_analytics_version_update AFTER UPDATE ON trades
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_trades();
--> statement-breakpoint
CREATE TRIGGER trades_analytics_version_delete AFTER DELETE ON trades
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_trades();
--> statement-breakpoint
-- trade_tags has no user_id: the tag's owner is the trade's owner (tags are per user).
CREATE FUNCTION bump_analytics_version_of_trade_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (SELECT tags.user_id FROM new_rows JOIN tags ON tags.id = new_rows.tag_id);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (
      SELECT tags.user_id FROM new_rows JOIN tags ON tags.id = new_rows.tag_id
      UNION SELECT tags.user_id FROM old_rows JOIN tags ON tags.id = old_rows.tag_id
    );
  ELSE
    UPDATE users SET analytics_version = analytics_version + 1
    WHERE id IN (SELECT tags.user_id FROM old_rows JOIN tags ON tags.id = old_rows.tag_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trade_tags_analytics_version_insert AFTER INSERT ON trade_tags
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_trade_tags();
--> statement-breakpoint
CREATE TRIGGER trade_tags_analytics_version_update AFTER UPDATE ON trade_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_trade_tags();
--> statement-breakpoint
CREATE TRIGGER trade_tags_analytics_version_delete AFTER DELETE ON trade_tags
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_trade_tags();
--> statement-breakpoint
-- Deleting a tag removes its trade_tags rows by cascade, but by then the tag row (the only way to
-- the owner) is gone, so the tag's own deletion bumps its owner.
CREATE FUNCTION bump_analytics_version_of_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET analytics_version = analytics_version + 1
  WHERE id IN (SELECT DISTINCT user_id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tags_analytics_version_delete AFTER DELETE ON tags
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_analytics_version_of_tags();
