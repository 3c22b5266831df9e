-- Hold for WhatsApp calls: a live call on hold keeps when its hold began (`held_since`, null while active); each hold's
-- seconds add to the record's `hold_seconds` when the call is resumed or ends (call-store.ts has the one definition).
ALTER TABLE "live_calls" ADD COLUMN "held_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "hold_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Call History's stored JSON (0035) carries the hold time; rows written before this have none and read as 0.
CREATE OR REPLACE FUNCTION call_record_json(c call_records, username text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"call_id":' || to_json(c.call_id) || ',"name":' || coalesce(to_json(c.name)::text, 'null')
    || ',"number":' || to_json(c.number) || ',"call_type":' || to_json(c.call_type)
    || ',"call_start_time":' || coalesce(floor(date_part('epoch', c.start_time))::bigint::text, 'null')
    || ',"call_end_time":' || coalesce(floor(date_part('epoch', c.end_time))::bigint::text, 'null')
    || ',"call_duration":' || c.duration || ',"username":' || coalesce(to_json(username)::text, 'null')
    || ',"call_status":' || to_json(c.status) || ',"blocks":' || c.blocks
    || ',"dt":"' || to_char(c.dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","message":'
    || coalesce(c.message::text, 'null') || ',"hold_seconds":' || c.hold_seconds || '}'
$$;
