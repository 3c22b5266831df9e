-- UAT customers are testers, not customers: their conversations (and those conversations' messages, monthly active
-- users and surveys) are left out of every report figure. A conversation is a test when its contact's number is one
-- of its tenant's active UAT numbers; `is_test` is stamped when it starts and re-stamped, with the tenant's roll-ups
-- rebuilt, when the tenant's UAT numbers change.
ALTER TABLE "conversations" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION conversation_is_test(contact integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM contacts ct JOIN uat_customers u ON u.client_id = ct.client_id AND u.number = ct.number AND u.active
    WHERE ct.id = contact)
$$;--> statement-breakpoint
CREATE FUNCTION conversations_stamp_test() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_test := conversation_is_test(NEW.contact_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER conversations_test_stamp BEFORE INSERT ON conversations FOR EACH ROW EXECUTE FUNCTION conversations_stamp_test();--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversation_rollups_add(sign integer, rows conversations[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (SELECT * FROM unnest(rows) WHERE NOT is_test),
  t AS (SELECT client_id, tenant_sla_seconds(client_id) AS sla FROM (SELECT DISTINCT client_id FROM c) d),
  m AS (
    SELECT c.*, t.sla,
      CASE WHEN c.first_response_at IS NOT NULL AND c.first_inbound_at IS NOT NULL THEN extract(epoch FROM c.first_response_at - c.first_inbound_at)::float8 END AS frt_s,
      CASE WHEN c.status = 'closed' AND c.closed_at IS NOT NULL AND c.assigned_at IS NOT NULL THEN greatest(extract(epoch FROM c.closed_at - c.assigned_at)::float8, 0) END AS aht_s,
      CASE WHEN c.status = 'closed' AND c.closed_at IS NOT NULL THEN greatest(extract(epoch FROM c.closed_at - c.started_at)::float8, 0) END AS res_s
    FROM c JOIN t ON t.client_id = c.client_id)
  INSERT INTO conversation_rollups AS r (client_id, slot, channel, agent_id, started, closed, abandoned, answered, answered_within,
    frt_sum, handled, aht_sum, resolution_sum, agent_messages)
  SELECT client_id, dash_slot(started_at), channel, coalesce(assigned_user_id, 0), sign * count(*)::int,
    sign * count(*) FILTER (WHERE res_s IS NOT NULL)::int,
    sign * count(*) FILTER (WHERE res_s IS NOT NULL AND first_inbound_at IS NOT NULL AND first_response_at IS NULL)::int,
    sign * count(frt_s)::int, sign * count(*) FILTER (WHERE frt_s <= sla)::int, sign * coalesce(sum(frt_s), 0),
    sign * count(aht_s)::int, sign * coalesce(sum(aht_s), 0), sign * coalesce(sum(res_s), 0), sign * sum(agent_messages)::int
  FROM m GROUP BY 1, 2, 3, 4
  ON CONFLICT (client_id, slot, channel, agent_id) DO UPDATE SET started = r.started + EXCLUDED.started, closed = r.closed + EXCLUDED.closed,
    abandoned = r.abandoned + EXCLUDED.abandoned, answered = r.answered + EXCLUDED.answered,
    answered_within = r.answered_within + EXCLUDED.answered_within, frt_sum = r.frt_sum + EXCLUDED.frt_sum,
    handled = r.handled + EXCLUDED.handled, aht_sum = r.aht_sum + EXCLUDED.aht_sum,
    resolution_sum = r.resolution_sum + EXCLUDED.resolution_sum, agent_messages = r.agent_messages + EXCLUDED.agent_messages
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_rollups AS r (client_id, slot, channel, direction, status, messages)
    SELECT m.client_id, dash_slot(m.dt), c.channel, m.direction, m.status, sign * count(*)::int
    FROM unnest(rows) m JOIN conversations c ON c.id = m.conversation_id WHERE NOT c.is_test GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (client_id, slot, channel, direction, status) DO UPDATE SET messages = r.messages + EXCLUDED.messages;
  -- Per-conversation counters and the first-inbound / first-agent-reply stamps, recomputed from the conversation's
  -- messages only when the change can move them (a message at or before the current first reply).
  UPDATE conversations c SET messages_in = c.messages_in + sign * x.n_in, messages_out = c.messages_out + sign * x.n_out,
      agent_messages = c.agent_messages + sign * x.n_agent,
      first_inbound_at = CASE WHEN x.min_dt <= coalesce(c.first_response_at, 'infinity') THEN
        (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in') ELSE c.first_inbound_at END,
      first_response_at = CASE WHEN x.min_dt <= coalesce(c.first_response_at, 'infinity') THEN
        (SELECT min(o.dt) FROM messages o WHERE o.conversation_id = c.id AND o.direction = 'out' AND o.sender_user_id IS NOT NULL
          AND o.dt >= (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in')) ELSE c.first_response_at END
    FROM (SELECT conversation_id, count(*) FILTER (WHERE direction = 'in')::int AS n_in, count(*) FILTER (WHERE direction = 'out')::int AS n_out,
            count(*) FILTER (WHERE direction = 'out' AND sender_user_id IS NOT NULL)::int AS n_agent, min(dt) AS min_dt
          FROM unnest(rows) GROUP BY 1) x
    WHERE c.id = x.conversation_id;
  -- Monthly active users: inbound messages in the tenant's local calendar month. A deleted message keeps its writer counted.
  IF sign > 0 THEN
    WITH z AS (SELECT client_id, tenant_zone(client_id) AS zone FROM (SELECT DISTINCT client_id FROM unnest(rows)) d),
    seen AS (
      INSERT INTO contact_months AS cm (client_id, month, contact_id, first_seen, last_seen)
        SELECT m.client_id, date_trunc('month', m.dt AT TIME ZONE z.zone)::date, c.contact_id, min(m.dt), max(m.dt)
        FROM unnest(rows) m JOIN z ON z.client_id = m.client_id JOIN conversations c ON c.id = m.conversation_id
        WHERE m.direction = 'in' AND NOT c.is_test GROUP BY 1, 2, 3
      ON CONFLICT (client_id, month, contact_id) DO UPDATE SET first_seen = least(cm.first_seen, EXCLUDED.first_seen),
        last_seen = greatest(cm.last_seen, EXCLUDED.last_seen)
      RETURNING cm.client_id, cm.month, (xmax = 0) AS fresh)
    INSERT INTO monthly_user_counts AS u (client_id, month, users)
      SELECT client_id, month, count(*)::int FROM seen WHERE fresh GROUP BY 1, 2
    ON CONFLICT (client_id, month) DO UPDATE SET users = u.users + EXCLUDED.users;
  END IF;
END $$;--> statement-breakpoint
-- A tenant's UAT numbers changed: re-stamp the conversations of the numbers concerned and, when any moved, rebuild
-- the tenant's roll-ups (as a new time zone does): a number that becomes a tester leaves every figure, back too.
CREATE FUNCTION uat_customers_restamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE client integer; numbers text[]; moved integer;
BEGIN
  IF TG_OP = 'DELETE' THEN client := OLD.client_id; numbers := ARRAY[OLD.number];
  ELSIF TG_OP = 'INSERT' THEN client := NEW.client_id; numbers := ARRAY[NEW.number];
  ELSE client := NEW.client_id; numbers := ARRAY[OLD.number, NEW.number];
  END IF;
  UPDATE conversations c SET is_test = NOT c.is_test
    FROM contacts ct WHERE ct.id = c.contact_id AND ct.client_id = client AND ct.number = ANY (numbers)
      AND c.client_id = client AND c.is_test IS DISTINCT FROM conversation_is_test(c.contact_id);
  GET DIAGNOSTICS moved = ROW_COUNT;
  IF moved > 0 THEN PERFORM dashboard_rebuild(client); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER uat_customers_restamp AFTER INSERT OR UPDATE OR DELETE ON uat_customers FOR EACH ROW EXECUTE FUNCTION uat_customers_restamp();--> statement-breakpoint
UPDATE conversations c SET is_test = true WHERE conversation_is_test(c.contact_id);--> statement-breakpoint
SELECT dashboard_rebuild(client_id) FROM (SELECT DISTINCT client_id FROM conversations WHERE is_test) tested;
