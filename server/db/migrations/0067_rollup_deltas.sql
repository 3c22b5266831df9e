-- A message no longer adds to its tenant's message counters and monthly active users in its own statement. The roll-up
-- trigger (0064's message_rollups_add) upserted a message_rollups row (taking a stripe's advisory lock; its hour row
-- followed by a trigger of its own), a contact_months row and a monthly_user_counts row for every statement that
-- stored messages: 1.9 ms of a customer's message's 5.8 ms of PostgreSQL time (`npm run profile:inbound`).
--
-- Now the trigger appends what the message moves to two narrow tables, without an upsert or a lock, and a flush
-- (rollups_flush, ticked by the job runner's schedule every second: server/features/reports/rollup-flush.ts) moves
-- every committed delta into the counters in one transaction, a statement per table for all of them. A reader never
-- waits for it: the `_now` views add the deltas not yet moved to the counters, so every figure counts every committed
-- message, as before. The per-conversation counters and stamps stay in the trigger: a conversation's own row is
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
-- Moves every committed delta into the counters: one flusher at a time (each node's job runner ticks it; `wait` false
-- leaves the work to the one running), in key order so two writers of a counter row never wait on each other in turn.
-- A counter row written here is stripe 0: the flusher is the counters' only writer.
CREATE FUNCTION rollups_flush(wait boolean) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE moved integer := 0; users integer := 0;
BEGIN
  IF wait THEN PERFORM pg_advisory_xact_lock(hashtext('rollups_flush'));
  ELSIF NOT pg_try_advisory_xact_lock(hashtext('rollups_flush')) THEN RETURN 0;
  END IF;
  WITH d AS (DELETE FROM message_rollup_deltas RETURNING *)
  INSERT INTO message_rollups AS r (client_id, slot, channel, direction, status, stripe, messages)
    SELECT client_id, slot, channel, direction, status, 0, sum(messages)::int FROM d
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(messages) <> 0 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (client_id, slot, channel, direction, status, stripe) DO UPDATE SET messages = r.messages + EXCLUDED.messages;
  GET DIAGNOSTICS moved = ROW_COUNT;
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
  GET DIAGNOSTICS users = ROW_COUNT;
  RETURN moved + users;
END $$;--> statement-breakpoint
-- What the readers read: the counters with the deltas not yet moved into them (same columns, summed by the reader).
CREATE VIEW message_rollups_now AS
  SELECT client_id, slot, channel, direction, status, messages FROM message_rollups
  UNION ALL SELECT client_id, slot, channel, direction, status, messages FROM message_rollup_deltas;--> statement-breakpoint
CREATE VIEW message_rollup_hours_now AS
  SELECT client_id, slot, channel, direction, status, messages FROM message_rollup_hours
  UNION ALL SELECT client_id, rollup_hour(slot), channel, direction, status, messages FROM message_rollup_deltas;--> statement-breakpoint
CREATE VIEW contact_months_now AS
  SELECT client_id, month, contact_id, min(first_seen) AS first_seen, max(last_seen) AS last_seen FROM (
    SELECT client_id, month, contact_id, first_seen, last_seen FROM contact_months
    UNION ALL SELECT client_id, month, contact_id, first_seen, last_seen FROM contact_month_deltas) x
  GROUP BY client_id, month, contact_id;--> statement-breakpoint
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
  DELETE FROM conversation_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM message_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM call_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM contact_months WHERE client IS NULL OR client_id = client;
  DELETE FROM monthly_user_counts WHERE client IS NULL OR client_id = client;
  UPDATE conversations c SET messages_in = 0, messages_out = 0, agent_messages = 0, first_inbound_at = NULL, first_response_at = NULL
    WHERE client IS NULL OR c.client_id = client;
  SELECT array_agg(m) INTO msgs FROM messages m WHERE client IS NULL OR m.client_id = client;
  IF msgs IS NOT NULL THEN PERFORM message_rollups_add(1, msgs); END IF;
  DELETE FROM conversation_rollups WHERE client IS NULL OR client_id = client;
  SELECT array_agg(c) INTO rows FROM conversations c WHERE client IS NULL OR c.client_id = client;
  IF rows IS NOT NULL THEN PERFORM conversation_rollups_add(1, rows); END IF;
  SELECT array_agg(r) INTO calls FROM call_records r WHERE client IS NULL OR r.client_id = client;
  IF calls IS NOT NULL THEN PERFORM call_rollups_add(1, calls); END IF;
END $$;
