-- The roll-up writers a customer's message runs keep their plans instead of planning again at every message.
--
-- A statement in a PL/pgSQL function that reads an array parameter through `unnest` was planned anew at every call:
-- its generic plan guesses 100 rows for the array, the call's own plan knows the one or two rows a message brings, so
-- PostgreSQL's plan cache judged the generic plan dearer and never kept it (pg_stat_statements with track_planning,
-- `npm run profile:inbound`: the per-conversation counters' UPDATE 0.28 ms of planning for 0.20 ms of running, the
-- conversation counters' delta 0.10 ms for 0.14 ms).
--
-- The per-conversation counters now move one conversation at a time, by its key, in key order: the UPDATE's
-- parameters are single values (the agent's replies in the rows as one small array), so its generic plan is the one
-- index scan and is kept. A bulk insert runs one such UPDATE per conversation it touches.
CREATE OR REPLACE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  INSERT INTO message_rollup_deltas (client_id, slot, channel, direction, status, messages)
    SELECT m.client_id, dash_slot(m.dt), c.channel, m.direction, m.status, sign * count(*)::int
    FROM unnest(rows) m JOIN conversations c ON c.id = m.conversation_id WHERE NOT c.is_test GROUP BY 1, 2, 3, 4, 5;
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
          ELSE (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in') END,
        first_response_at = CASE
          WHEN x.min_dt > coalesce(c.first_response_at, 'infinity') THEN c.first_response_at
          WHEN sign > 0 AND (x.min_in IS NULL OR x.min_in >= c.first_inbound_at OR c.agent_messages = 0) THEN
            least(c.first_response_at, (SELECT min(r) FROM unnest(x.agent_out) r WHERE r >= least(c.first_inbound_at, x.min_in)))
          ELSE (SELECT min(o.dt) FROM messages o WHERE o.conversation_id = c.id AND o.direction = 'out' AND o.sender_user_id IS NOT NULL
            AND o.dt >= (SELECT min(i.dt) FROM messages i WHERE i.conversation_id = c.id AND i.direction = 'in')) END
      WHERE c.id = x.conversation_id;
  END LOOP;
  -- Monthly active users: inbound messages in the tenant's local calendar month. A deleted message keeps its writer counted.
  IF sign > 0 THEN
    INSERT INTO contact_month_deltas (client_id, month, contact_id, first_seen, last_seen)
      SELECT m.client_id, date_trunc('month', m.dt AT TIME ZONE z.zone)::date, c.contact_id, min(m.dt), max(m.dt)
      FROM unnest(rows) m
        JOIN (SELECT client_id, tenant_zone(client_id) AS zone FROM (SELECT DISTINCT client_id FROM unnest(rows)) d) z ON z.client_id = m.client_id
        JOIN conversations c ON c.id = m.conversation_id
      WHERE m.direction = 'in' AND NOT c.is_test GROUP BY 1, 2, 3;
  END IF;
END $$;--> statement-breakpoint
-- The conversation counters' delta reads only its two arrays and the tenant's service level, no table: its generic
-- plan is the plan every call would make, so it is the one used.
ALTER FUNCTION conversation_rollups_move(conversations[], conversations[]) SET plan_cache_mode = force_generic_plan;
