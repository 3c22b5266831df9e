-- Call History shows a call's transfers (call_transfers, 0050). The stored CallRecord JSON (0035, 0045) gains
-- "transfers", oldest first, each {"from", "to", "taken_by", "outcome"}: agents by username (as "username" names the
-- one who accepted), `to` the target agent's username or, for a group (or an agent since removed), the name it was
-- sent to. A call never transferred has no "transfers" key, so its JSON keeps its bytes and no row needs rewriting
-- but the transferred ones. A transfer written or changed re-renders its call; an agent renamed re-renders the calls
-- they accepted, transferred, were sent or took.
CREATE OR REPLACE FUNCTION call_record_json(c call_records, username text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"call_id":' || to_json(c.call_id) || ',"name":' || coalesce(to_json(c.name)::text, 'null')
    || ',"number":' || to_json(c.number) || ',"call_type":' || to_json(c.call_type)
    || ',"call_start_time":' || coalesce(floor(date_part('epoch', c.start_time))::bigint::text, 'null')
    || ',"call_end_time":' || coalesce(floor(date_part('epoch', c.end_time))::bigint::text, 'null')
    || ',"call_duration":' || c.duration || ',"username":' || coalesce(to_json(username)::text, 'null')
    || ',"call_status":' || to_json(c.status) || ',"blocks":' || c.blocks
    || ',"dt":"' || to_char(c.dt AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '","message":'
    || coalesce(c.message::text, 'null') || ',"hold_seconds":' || c.hold_seconds
    || coalesce(',"transfers":' || (
      SELECT json_agg(json_build_object('from', f.username, 'to', coalesce(s.username, t.target_name),
        'taken_by', k.username, 'outcome', t.outcome) ORDER BY t.at, t.id)::text
      FROM call_transfers t LEFT JOIN users f ON f.id = t.from_user LEFT JOIN users s ON s.id = t.to_user
        LEFT JOIN users k ON k.id = t.taken_by
      WHERE t.call_id = c.call_id), '')
    || '}'
$$;--> statement-breakpoint
CREATE FUNCTION call_transfers_call_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_records SET accepted_by = accepted_by WHERE call_id = NEW.call_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER call_transfers_call_json AFTER INSERT OR UPDATE ON call_transfers
  FOR EACH ROW EXECUTE FUNCTION call_transfers_call_json();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_call_records_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_records SET accepted_by = accepted_by WHERE accepted_by = NEW.id
    OR call_id IN (SELECT t.call_id FROM call_transfers t WHERE NEW.id IN (t.from_user, t.to_user, t.taken_by));
  RETURN NULL;
END $$;--> statement-breakpoint
-- The calls already transferred: the trigger on call_records renders each.
UPDATE call_records SET accepted_by = accepted_by WHERE call_id IN (SELECT call_id FROM call_transfers);
