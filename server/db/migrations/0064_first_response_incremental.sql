-- A new message moves its conversation's first-inbound and first-agent-reply stamps without reading the conversation's
-- messages when it can. 0038 recomputed both from the conversation's messages (three subqueries) for every message at or
-- before the first reply: every customer message of a conversation no agent has answered yet, the common case. For an
-- insert, the new first inbound is the earlier of the old one and the new rows' first inbound, and when the threshold a
-- reply must follow is unchanged (no new inbound before the old first one) or no agent message came before (the
-- conversation's `agent_messages` was 0), the first reply is the earlier of the old one and the new rows' first agent
-- reply at or after that threshold. Otherwise (an inbound message dated before the first one, under earlier agent
-- replies; a removal) both are recomputed as before. The counters and the roll-ups are 0038's.
CREATE OR REPLACE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_rollups_stripe_add(coalesce(jsonb_agg(g), '[]'))
    FROM (SELECT m.client_id, dash_slot(m.dt) AS slot, c.channel, m.direction, m.status, sign * count(*)::int AS n
      FROM unnest(rows) m JOIN conversations c ON c.id = m.conversation_id WHERE NOT c.is_test GROUP BY 1, 2, 3, 4, 5) g;
  UPDATE conversations c SET messages_in = c.messages_in + sign * x.n_in, messages_out = c.messages_out + sign * x.n_out,
      agent_messages = c.agent_messages + sign * x.n_agent,
      first_inbound_at = CASE
        WHEN x.min_dt > coalesce(c.first_response_at, 'infinity') THEN c.first_inbound_at
        WHEN sign > 0 THEN least(c.first_inbound_at, x.min_in)
        ELSE (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in') END,
      first_response_at = CASE
        WHEN x.min_dt > coalesce(c.first_response_at, 'infinity') THEN c.first_response_at
        WHEN sign > 0 AND (x.min_in IS NULL OR x.min_in >= c.first_inbound_at OR c.agent_messages = 0) THEN
          least(c.first_response_at, (SELECT min(r.dt) FROM unnest(rows) r WHERE r.conversation_id = c.id AND r.direction = 'out'
            AND r.sender_user_id IS NOT NULL AND r.dt >= least(c.first_inbound_at, x.min_in)))
        ELSE (SELECT min(o.dt) FROM messages o WHERE o.conversation_id = c.id AND o.direction = 'out' AND o.sender_user_id IS NOT NULL
          AND o.dt >= (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in')) END
    FROM (SELECT conversation_id, count(*) FILTER (WHERE direction = 'in')::int AS n_in, count(*) FILTER (WHERE direction = 'out')::int AS n_out,
            count(*) FILTER (WHERE direction = 'out' AND sender_user_id IS NOT NULL)::int AS n_agent, min(dt) AS min_dt,
            min(dt) FILTER (WHERE direction = 'in') AS min_in
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
    INSERT INTO monthly_user_counts AS u (client_id, month, stripe, users)
      SELECT client_id, month, rollup_stripe(concat_ws(':', 'mau', client_id, month - date '2000-01-01')), n
      FROM (SELECT client_id, month, count(*)::int AS n FROM seen WHERE fresh GROUP BY 1, 2) g
    ON CONFLICT (client_id, month, stripe) DO UPDATE SET users = u.users + EXCLUDED.users;
  END IF;
END $$;
