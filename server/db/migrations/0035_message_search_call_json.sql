-- Keyword search over messages (fetchKeywordMessages, the Messages reports' search: `body ILIKE '%…%'`) read every
-- body of the tenant. A trigram GIN index serves such a pattern when it holds three or more characters in a row
-- (pg_trgm is loaded on both databases since 0008); the query keeps its client_id condition, rechecked per row.
CREATE INDEX IF NOT EXISTS "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
-- The Call History export streamed JSON rendered per row at request time; each record's JSON text (the contract's
-- CallRecord, the same bytes calls-list.ts rendered before) is now kept with the row: written by a BEFORE trigger on
-- every insert and update, and rewritten when the accepting agent's username changes or the agent is removed (the
-- foreign key's SET NULL is an update of the row, so the same trigger runs).
-- (The empty default never stays: the trigger writes the column before the row is stored.)
ALTER TABLE "call_records" ADD COLUMN "record_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION call_record_json(c call_records, username text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"call_id":' || to_json(c.call_id) || ',"name":' || coalesce(to_json(c.name)::text, 'null')
    || ',"number":' || to_json(c.number) || ',"call_type":' || to_json(c.call_type)
    || ',"call_start_time":' || coalesce(floor(date_part('epoch', c.start_time))::bigint::text, 'null')
    || ',"call_end_time":' || coalesce(floor(date_part('epoch', c.end_time))::bigint::text, 'null')
    || ',"call_duration":' || c.duration || ',"username":' || coalesce(to_json(username)::text, 'null')
    || ',"call_status":' || to_json(c.status) || ',"blocks":' || c.blocks
    || ',"dt":"' || to_char(c.dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","message":'
    || coalesce(c.message::text, 'null') || '}'
$$;--> statement-breakpoint
CREATE FUNCTION call_records_keep_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.record_json := call_record_json(NEW, (SELECT u.username FROM users u WHERE u.id = NEW.accepted_by));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER call_records_json BEFORE INSERT OR UPDATE ON call_records
  FOR EACH ROW EXECUTE FUNCTION call_records_keep_json();--> statement-breakpoint
CREATE FUNCTION users_call_records_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_records SET accepted_by = accepted_by WHERE accepted_by = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_call_records_json AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_call_records_json();--> statement-breakpoint
-- The rows already there: the trigger above renders each.
UPDATE call_records SET accepted_by = accepted_by;
