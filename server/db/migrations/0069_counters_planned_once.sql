-- The roll-up writers a customer's message runs keep their plans instead of planning again at every message.
--
-- A statement in a PL/pgSQL function is planned once and kept when its generic plan looks no dearer than the plans
-- made for each call's values. Three of them never were (pg_stat_statements with track_planning, `npm run
-- bench:cluster -- --statements`: 0.24–0.49 ms of planning a message):
-- - the message counters' delta joined the message rows (an array parameter, which a generic plan takes for 100
--   rows) with the conversations table, so at a real table's size the generic plan read the whole table;
-- - the per-conversation counters' UPDATE carried the sub-selects that find a conversation's first messages again
--   (after a deletion, or an earlier message arriving late), whose cost a generic plan counts in full;
-- - the conversation counters' delta read its two array parameters.
--
-- Now the per-conversation counters move one conversation at a time, by its key, in key order; the first messages are
-- found by two functions, called only when needed; the UPDATE returns the conversation's channel, test mark and
-- customer, and the two deltas join the message rows with those, not with a table. The conversation counters' delta
-- reads no table: its generic plan is the plan every call would make.
CREATE FUNCTION conversation_first_inbound(conversation integer) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = conversation AND i.direction = 'in');
END $$;--> statement-breakpoint
CREATE FUNCTION conversation_first_response(conversation integer) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT min(o.dt) FROM messages o WHERE o.conversation_id = conversation AND o.direction = 'out'
    AND o.sender_user_id IS NOT NULL AND o.dt >= conversation_first_inbound(conversation));
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
  conversation record;
  -- The counted (not test) conversations among the rows, with their channel and customer.
  counted integer[] := '{}';
  channels text[] := '{}';
  customers integer[] := '{}';
BEGIN
  FOR x IN
    SELECT conversation_id, count(*) FILTER (WHERE direction = 'in')::int AS n_in, count(*) FILTER (WHERE direction = 'out')::int AS n_out,
      count(*) FILTER (WHERE direction = 'out' AND sender_user_id IS NOT NULL)::int AS n_agent, min(dt) AS min_dt,
      min(dt) FILTER (WHERE direction = 'in') AS min_in,
      array_agg(dt) FILTER (WHERE direction = 'out' AND sender_user_id IS NOT NULL) AS agent_out
    FROM unnest(rows) GROUP BY 1 ORDER BY 1
  LOOP
    UPDATE conversations c SET messages_in = c.messages_in + sign * x.n_in, messages_out = c.messages_out + sign * x.n_out,
        agent_messages = c.agent_messages + sign * x.n_agent,
        first_inbound_at = CASE
          WHEN x.min_dt > coalesce(c.first_response_at, 'infinity') THEN c.first_inbound_at
          WHEN sign > 0 THEN least(c.first_inbound_at, x.min_in)
          ELSE conversation_first_inbound(c.id) END,
        first_response_at = CASE
          WHEN x.min_dt > coalesce(c.first_response_at, 'infinity') THEN c.first_response_at
          WHEN sign > 0 AND (x.min_in IS NULL OR x.min_in >= c.first_inbound_at OR c.agent_messages = 0) THEN
            least(c.first_response_at, (SELECT min(r) FROM unnest(x.agent_out) r WHERE r >= least(c.first_inbound_at, x.min_in)))
          ELSE conversation_first_response(c.id) END
      WHERE c.id = x.conversation_id
      RETURNING c.channel, c.contact_id, c.is_test INTO conversation;
    IF FOUND AND NOT conversation.is_test THEN
      counted := counted || x.conversation_id;
      channels := channels || conversation.channel;
      customers := customers || conversation.contact_id;
    END IF;
  END LOOP;
  INSERT INTO message_rollup_deltas (client_id, slot, channel, direction, status, messages)
    SELECT m.client_id, dash_slot(m.dt), k.channel, m.direction, m.status, sign * count(*)::int
    FROM unnest(rows) m JOIN unnest(counted, channels) AS k(id, channel) ON k.id = m.conversation_id GROUP BY 1, 2, 3, 4, 5;
  -- Monthly active users: inbound messages in the tenant's local calendar month. A deleted message keeps its writer counted.
  IF sign > 0 THEN
    INSERT INTO contact_month_deltas (client_id, month, contact_id, first_seen, last_seen)
      SELECT m.client_id, date_trunc('month', m.dt AT TIME ZONE z.zone)::date, k.contact_id, min(m.dt), max(m.dt)
      FROM unnest(rows) m
        JOIN (SELECT client_id, tenant_zone(client_id) AS zone FROM (SELECT DISTINCT client_id FROM unnest(rows)) d) z ON z.client_id = m.client_id
        JOIN unnest(counted, customers) AS k(id, contact_id) ON k.id = m.conversation_id
      WHERE m.direction = 'in' GROUP BY 1, 2, 3;
  END IF;
END $$;--> statement-breakpoint
ALTER FUNCTION conversation_rollups_move(conversations[], conversations[]) SET plan_cache_mode = force_generic_plan;
