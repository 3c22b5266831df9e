-- The conversation roll-up's writer takes a change's rows before and after together and adds both in one upsert: an
-- update (a queue hand-out: the conversation leaves the unassigned count and joins its agent's) was two calls of
-- `conversation_rollups_add`, each with its own statement, its own `tenant_sla_seconds` and its own upsert
-- (docs/benchmarks.md `bench:handout`). Each row counts with its sign (-1 before, 1 after); the rows of one counter are
-- summed first, so the upsert touches each counter row once, and a counter whose change sums to nothing (the row
-- moved within it) is left alone. The figures are 0038's; `conversation_rollups_add` (the rebuild's writer) is the
-- same writer with one side.
CREATE FUNCTION conversation_rollups_move(olds conversations[], news conversations[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (SELECT -1 AS sign, o.* FROM unnest(olds) o WHERE NOT o.is_test
    UNION ALL SELECT 1 AS sign, n.* FROM unnest(news) n WHERE NOT n.is_test),
  t AS MATERIALIZED (SELECT client_id, tenant_sla_seconds(client_id) AS sla FROM (SELECT DISTINCT client_id FROM c) d),
  m AS (
    SELECT c.*, t.sla,
      CASE WHEN c.first_response_at IS NOT NULL AND c.first_inbound_at IS NOT NULL THEN extract(epoch FROM c.first_response_at - c.first_inbound_at)::float8 END AS frt_s,
      CASE WHEN c.status = 'closed' AND c.closed_at IS NOT NULL AND c.assigned_at IS NOT NULL THEN greatest(extract(epoch FROM c.closed_at - c.assigned_at)::float8, 0) END AS aht_s,
      CASE WHEN c.status = 'closed' AND c.closed_at IS NOT NULL THEN greatest(extract(epoch FROM c.closed_at - c.started_at)::float8, 0) END AS res_s
    FROM c JOIN t ON t.client_id = c.client_id),
  g AS (
    SELECT client_id, dash_slot(started_at) AS slot, channel, coalesce(assigned_user_id, 0) AS agent_id, sum(sign)::int AS started,
      sum(CASE WHEN res_s IS NOT NULL THEN sign ELSE 0 END)::int AS closed,
      sum(CASE WHEN res_s IS NOT NULL AND first_inbound_at IS NOT NULL AND first_response_at IS NULL THEN sign ELSE 0 END)::int AS abandoned,
      sum(CASE WHEN frt_s IS NOT NULL THEN sign ELSE 0 END)::int AS answered,
      sum(CASE WHEN frt_s <= sla THEN sign ELSE 0 END)::int AS answered_within, coalesce(sum(sign * frt_s), 0) AS frt_sum,
      sum(CASE WHEN aht_s IS NOT NULL THEN sign ELSE 0 END)::int AS handled, coalesce(sum(sign * aht_s), 0) AS aht_sum,
      coalesce(sum(sign * res_s), 0) AS resolution_sum, sum(sign * agent_messages)::int AS agent_messages
    FROM m GROUP BY 1, 2, 3, 4)
  INSERT INTO conversation_rollups AS r (client_id, slot, channel, agent_id, stripe, started, closed, abandoned, answered, answered_within,
    frt_sum, handled, aht_sum, resolution_sum, agent_messages)
  SELECT client_id, slot, channel, agent_id, rollup_stripe(concat_ws(':', 'conversation', client_id, extract(epoch FROM slot)::bigint, channel, agent_id)),
    started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum, agent_messages
  FROM g
  WHERE (started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum, agent_messages)
    IS DISTINCT FROM (0, 0, 0, 0, 0, 0::float8, 0, 0::float8, 0::float8, 0)
  ON CONFLICT (client_id, slot, channel, agent_id, stripe) DO UPDATE SET started = r.started + EXCLUDED.started, closed = r.closed + EXCLUDED.closed,
    abandoned = r.abandoned + EXCLUDED.abandoned, answered = r.answered + EXCLUDED.answered,
    answered_within = r.answered_within + EXCLUDED.answered_within, frt_sum = r.frt_sum + EXCLUDED.frt_sum,
    handled = r.handled + EXCLUDED.handled, aht_sum = r.aht_sum + EXCLUDED.aht_sum,
    resolution_sum = r.resolution_sum + EXCLUDED.resolution_sum, agent_messages = r.agent_messages + EXCLUDED.agent_messages;
END $$;--> statement-breakpoint
-- `sign` is -1 (the rows leave the roll-up) or 1 (they join it).
CREATE OR REPLACE FUNCTION conversation_rollups_add(sign integer, rows conversations[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_rollups_move(CASE WHEN sign < 0 THEN rows END, CASE WHEN sign > 0 THEN rows END);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversations_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE olds conversations[]; news conversations[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO news FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO olds FROM old_rows o;
  ELSE
    SELECT array_agg(o), array_agg(n) INTO olds, news FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.client_id, o.started_at, o.channel, o.assigned_user_id, o.status, o.closed_at, o.assigned_at, o.first_inbound_at, o.first_response_at, o.agent_messages)
        IS DISTINCT FROM (n.client_id, n.started_at, n.channel, n.assigned_user_id, n.status, n.closed_at, n.assigned_at, n.first_inbound_at, n.first_response_at, n.agent_messages);
  END IF;
  IF olds IS NOT NULL OR news IS NOT NULL THEN PERFORM conversation_rollups_move(olds, news); END IF;
  RETURN NULL;
END $$;
