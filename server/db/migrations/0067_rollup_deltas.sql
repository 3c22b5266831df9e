-- A message no longer adds to its tenant's message counters and monthly active users in its own statement, and the
-- opening or hand-out of a conversation no longer adds to its tenant's conversation counters. The roll-up triggers
-- upserted a counter row for each (taking a stripe's advisory lock; its hour row followed by a trigger of its own):
-- `message_rollups_add` (message_rollups, contact_months, monthly_user_counts) was 1.9 ms of a customer's message's
-- 4.4-5.0 ms of PostgreSQL time (`npm run profile:inbound`), `conversation_rollups_move` 0.8 ms twice per opening.
--
-- Now the triggers append what a statement moves to narrow delta tables, without an upsert or a lock, and a flush
-- (rollups_flush, ticked by the job runner's schedule every second: server/features/reports/rollup-flush.ts) moves
-- every committed delta into the counters in one transaction, a statement per counter for all tenants. A reader never
-- waits for it: the `_now` views add the deltas not yet moved to the counters, so every figure counts every committed
-- row, as before. The per-conversation counters and stamps stay in the messages' trigger: a conversation's own row is
-- written by its message's transaction anyway.
CREATE TABLE "message_rollup_deltas" (
  "client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
  "slot" timestamp with time zone NOT NULL,
  "channel" text NOT NULL,
  "direction" text NOT NULL,
  "status" text NOT NULL,
  "messages" integer NOT NULL
);--> statement-breakpoint
CREATE TABLE "contact_month_deltas" (
  "client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
  "month" date NOT NULL,
  "contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
  "first_seen" timestamp with time zone NOT NULL,
  "last_seen" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "contact_month_deltas_contact" ON "contact_month_deltas" ("contact_id");--> statement-breakpoint
CREATE TABLE "conversation_rollup_deltas" (
  "client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
  "slot" timestamp with time zone NOT NULL,
  "channel" text NOT NULL,
  "agent_id" integer NOT NULL,
  "started" integer DEFAULT 0 NOT NULL,
  "closed" integer DEFAULT 0 NOT NULL,
  "abandoned" integer DEFAULT 0 NOT NULL,
  "answered" integer DEFAULT 0 NOT NULL,
  "answered_within" integer DEFAULT 0 NOT NULL,
  "frt_sum" double precision DEFAULT 0 NOT NULL,
  "handled" integer DEFAULT 0 NOT NULL,
  "aht_sum" double precision DEFAULT 0 NOT NULL,
  "resolution_sum" double precision DEFAULT 0 NOT NULL,
  "agent_messages" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- 0058's writer, appending its sums instead of upserting them (a change that sums to nothing appends nothing).
CREATE OR REPLACE FUNCTION conversation_rollups_move(olds conversations[], news conversations[]) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO conversation_rollup_deltas (client_id, slot, channel, agent_id, started, closed, abandoned, answered, answered_within,
    frt_sum, handled, aht_sum, resolution_sum, agent_messages)
  SELECT * FROM g
  WHERE (started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum, agent_messages)
    IS DISTINCT FROM (0, 0, 0, 0, 0, 0::float8, 0, 0::float8, 0::float8, 0);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_rollup_deltas (client_id, slot, channel, direction, status, messages)
    SELECT m.client_id, dash_slot(m.dt), c.channel, m.direction, m.status, sign * count(*)::int
    FROM unnest(rows) m JOIN conversations c ON c.id = m.conversation_id WHERE NOT c.is_test GROUP BY 1, 2, 3, 4, 5;
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
    INSERT INTO contact_month_deltas (client_id, month, contact_id, first_seen, last_seen)
      SELECT m.client_id, date_trunc('month', m.dt AT TIME ZONE z.zone)::date, c.contact_id, min(m.dt), max(m.dt)
      FROM unnest(rows) m
        JOIN (SELECT client_id, tenant_zone(client_id) AS zone FROM (SELECT DISTINCT client_id FROM unnest(rows)) d) z ON z.client_id = m.client_id
        JOIN conversations c ON c.id = m.conversation_id
      WHERE m.direction = 'in' AND NOT c.is_test GROUP BY 1, 2, 3;
  END IF;
END $$;--> statement-breakpoint
-- A conversation's messages leave the message roll-up with it; a test conversation's never entered it.
CREATE OR REPLACE FUNCTION conversations_drop_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_test THEN
    INSERT INTO message_rollup_deltas (client_id, slot, channel, direction, status, messages)
      SELECT client_id, dash_slot(dt), OLD.channel, direction, status, -count(*)::int
      FROM messages WHERE conversation_id = OLD.id GROUP BY 1, 2, 3, 4, 5;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
DROP FUNCTION message_rollups_stripe_add(jsonb);--> statement-breakpoint
-- Each counter's flush moves its committed deltas in, summed per counter row, in key order, as stripe 0 (the flush is
-- the only writer of these counters now; their older stripes stay, and readers sum a key's rows).
CREATE FUNCTION message_rollups_flush() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM message_rollup_deltas RETURNING *)
  INSERT INTO message_rollups AS r (client_id, slot, channel, direction, status, stripe, messages)
    SELECT client_id, slot, channel, direction, status, 0, sum(messages)::int FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(messages) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (client_id, slot, channel, direction, status, stripe) DO UPDATE SET messages = r.messages + EXCLUDED.messages;
END $$;--> statement-breakpoint
CREATE FUNCTION contact_months_flush() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM contact_month_deltas RETURNING *),
  seen AS (
    INSERT INTO contact_months AS cm (client_id, month, contact_id, first_seen, last_seen)
      SELECT client_id, month, contact_id, min(first_seen), max(last_seen) FROM d GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (client_id, month, contact_id) DO UPDATE SET first_seen = least(cm.first_seen, EXCLUDED.first_seen),
      last_seen = greatest(cm.last_seen, EXCLUDED.last_seen)
    RETURNING cm.client_id, cm.month, (xmax = 0) AS fresh)
  INSERT INTO monthly_user_counts AS u (client_id, month, stripe, users)
    SELECT client_id, month, 0, count(*)::int FROM seen WHERE fresh GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (client_id, month, stripe) DO UPDATE SET users = u.users + EXCLUDED.users;
END $$;--> statement-breakpoint
CREATE FUNCTION conversation_rollups_flush() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (DELETE FROM conversation_rollup_deltas RETURNING *),
  g AS (
    SELECT client_id, slot, channel, agent_id, sum(started)::int AS started, sum(closed)::int AS closed, sum(abandoned)::int AS abandoned,
      sum(answered)::int AS answered, sum(answered_within)::int AS answered_within, sum(frt_sum) AS frt_sum, sum(handled)::int AS handled,
      sum(aht_sum) AS aht_sum, sum(resolution_sum) AS resolution_sum, sum(agent_messages)::int AS agent_messages
    FROM d GROUP BY 1, 2, 3, 4)
  INSERT INTO conversation_rollups AS r (client_id, slot, channel, agent_id, stripe, started, closed, abandoned, answered, answered_within,
    frt_sum, handled, aht_sum, resolution_sum, agent_messages)
  SELECT client_id, slot, channel, agent_id, 0, started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum,
    resolution_sum, agent_messages
  FROM g
  WHERE (started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum, agent_messages)
    IS DISTINCT FROM (0, 0, 0, 0, 0, 0::float8, 0, 0::float8, 0::float8, 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (client_id, slot, channel, agent_id, stripe) DO UPDATE SET started = r.started + EXCLUDED.started, closed = r.closed + EXCLUDED.closed,
    abandoned = r.abandoned + EXCLUDED.abandoned, answered = r.answered + EXCLUDED.answered,
    answered_within = r.answered_within + EXCLUDED.answered_within, frt_sum = r.frt_sum + EXCLUDED.frt_sum,
    handled = r.handled + EXCLUDED.handled, aht_sum = r.aht_sum + EXCLUDED.aht_sum,
    resolution_sum = r.resolution_sum + EXCLUDED.resolution_sum, agent_messages = r.agent_messages + EXCLUDED.agent_messages;
END $$;--> statement-breakpoint
-- Moves every committed delta into the counters, one flusher at a time: each node's job runner ticks it, and with
-- `wait` false a tick that finds another flushing leaves the work to it.
CREATE FUNCTION rollups_flush(wait boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF wait THEN PERFORM pg_advisory_xact_lock(hashtext('rollups_flush'));
  ELSIF NOT pg_try_advisory_xact_lock(hashtext('rollups_flush')) THEN RETURN;
  END IF;
  PERFORM message_rollups_flush();
  PERFORM contact_months_flush();
  PERFORM conversation_rollups_flush();
END $$;--> statement-breakpoint
-- What the readers read: the counters with the deltas not yet moved into them (same columns, summed by the reader).
CREATE VIEW conversation_rollups_now AS
  SELECT client_id, slot, channel, agent_id, started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum,
    resolution_sum, agent_messages FROM conversation_rollups
  UNION ALL SELECT client_id, slot, channel, agent_id, started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum,
    resolution_sum, agent_messages FROM conversation_rollup_deltas;--> statement-breakpoint
CREATE VIEW conversation_rollup_hours_now AS
  SELECT client_id, slot, channel, started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum,
    agent_messages FROM conversation_rollup_hours
  UNION ALL SELECT client_id, rollup_hour(slot), channel, started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum,
    resolution_sum, agent_messages FROM conversation_rollup_deltas;--> statement-breakpoint
CREATE VIEW message_rollups_now AS
  SELECT client_id, slot, channel, direction, status, messages FROM message_rollups
  UNION ALL SELECT client_id, slot, channel, direction, status, messages FROM message_rollup_deltas;--> statement-breakpoint
CREATE VIEW message_rollup_hours_now AS
  SELECT client_id, slot, channel, direction, status, messages FROM message_rollup_hours
  UNION ALL SELECT client_id, rollup_hour(slot), channel, direction, status, messages FROM message_rollup_deltas;--> statement-breakpoint
-- A month's customers: contact_months' rows with their pending first and last seen, and the pending ones not there yet
-- (no grouping over contact_months itself: a month of a big tenant is read as its rows).
CREATE VIEW contact_months_now AS
  SELECT cm.client_id, cm.month, cm.contact_id, least(cm.first_seen, d.first_seen) AS first_seen,
    greatest(cm.last_seen, d.last_seen) AS last_seen
  FROM contact_months cm LEFT JOIN (SELECT client_id, month, contact_id, min(first_seen) AS first_seen, max(last_seen) AS last_seen
    FROM contact_month_deltas GROUP BY client_id, month, contact_id) d
    ON d.client_id = cm.client_id AND d.month = cm.month AND d.contact_id = cm.contact_id
  UNION ALL SELECT d.client_id, d.month, d.contact_id, min(d.first_seen), max(d.last_seen) FROM contact_month_deltas d
    WHERE NOT EXISTS (SELECT 1 FROM contact_months cm WHERE cm.client_id = d.client_id AND cm.month = d.month AND cm.contact_id = d.contact_id)
    GROUP BY d.client_id, d.month, d.contact_id;--> statement-breakpoint
CREATE VIEW monthly_user_counts_now AS
  SELECT client_id, month, users FROM monthly_user_counts
  UNION ALL SELECT d.client_id, d.month, count(DISTINCT d.contact_id)::int FROM contact_month_deltas d
    WHERE NOT EXISTS (SELECT 1 FROM contact_months cm WHERE cm.client_id = d.client_id AND cm.month = d.month AND cm.contact_id = d.contact_id)
    GROUP BY d.client_id, d.month;--> statement-breakpoint
-- A rebuild (a new time zone or service level, a UAT number moved) recounts the tenant from its rows: its deltas,
-- written under the old rules, go, and no flush runs meanwhile.
CREATE OR REPLACE FUNCTION dashboard_rebuild(client integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE rows conversations[]; msgs messages[]; calls call_records[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('rollups_flush'));
  DELETE FROM message_rollup_deltas WHERE client IS NULL OR client_id = client;
  DELETE FROM contact_month_deltas WHERE client IS NULL OR client_id = client;
  DELETE FROM conversation_rollup_deltas WHERE client IS NULL OR client_id = client;
  DELETE FROM conversation_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM message_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM call_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM contact_months WHERE client IS NULL OR client_id = client;
  DELETE FROM monthly_user_counts WHERE client IS NULL OR client_id = client;
  UPDATE conversations c SET messages_in = 0, messages_out = 0, agent_messages = 0, first_inbound_at = NULL, first_response_at = NULL
    WHERE client IS NULL OR c.client_id = client;
  SELECT array_agg(m) INTO msgs FROM messages m WHERE client IS NULL OR m.client_id = client;
  IF msgs IS NOT NULL THEN PERFORM message_rollups_add(1, msgs); END IF;
  -- The conversations' updates above appended their moves as deltas (0006 deleted them from the counters here): the
  -- counters are written whole below.
  DELETE FROM conversation_rollup_deltas WHERE client IS NULL OR client_id = client;
  SELECT array_agg(c) INTO rows FROM conversations c WHERE client IS NULL OR c.client_id = client;
  IF rows IS NOT NULL THEN PERFORM conversation_rollups_add(1, rows); END IF;
  SELECT array_agg(r) INTO calls FROM call_records r WHERE client IS NULL OR r.client_id = client;
  IF calls IS NOT NULL THEN PERFORM call_rollups_add(1, calls); END IF;
END $$;
