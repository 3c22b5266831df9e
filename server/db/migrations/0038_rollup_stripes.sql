-- Striped roll-up counters. The dashboard and report roll-ups (0002, 0006, 0025) are counters that every
-- writer of a tenant shares: every customer message of a quarter hour adds to ONE message_rollups row, every new
-- conversation to ONE conversation_rollups row, and the row stays locked until the writer commits. Under load the
-- tenant's inbound messages queued behind each other on those rows (bench:cluster's wait events: 93% of the samples
-- were writers waiting for another writer's roll-up row).
--
-- Each counter row now has a `stripe`: a writer adds to stripe 0 when no other open transaction is adding to that
-- counter, else to the first free stripe of 16 (a transaction-scoped advisory lock per counter and stripe says who is
-- adding; try-locks never wait). A quiet tenant keeps one row per counter; only writers that really overlap spill to
-- more rows. Every reader sums over the rows of a key (they already sum over slots), so the figures do not change.
CREATE FUNCTION rollup_stripe(counter text) RETURNS smallint LANGUAGE plpgsql VOLATILE AS $$
DECLARE k integer := hashtext(counter);
BEGIN
  FOR s IN 0..15 LOOP
    IF pg_try_advisory_xact_lock(k, s) THEN RETURN s; END IF;
  END LOOP;
  -- All 16 in use: wait for the first.
  PERFORM pg_advisory_xact_lock(k, 0);
  RETURN 0;
END $$;--> statement-breakpoint
ALTER TABLE "message_rollups" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_rollups" DROP CONSTRAINT "message_rollups_pk";--> statement-breakpoint
ALTER TABLE "message_rollups" ADD CONSTRAINT "message_rollups_pk" PRIMARY KEY ("client_id", "slot", "channel", "direction", "status", "stripe");--> statement-breakpoint
ALTER TABLE "conversation_rollups" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_rollups" DROP CONSTRAINT "conversation_rollups_pk";--> statement-breakpoint
ALTER TABLE "conversation_rollups" ADD CONSTRAINT "conversation_rollups_pk" PRIMARY KEY ("client_id", "slot", "channel", "agent_id", "stripe");--> statement-breakpoint
ALTER TABLE "call_rollups" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_rollups" DROP CONSTRAINT "call_rollups_pk";--> statement-breakpoint
ALTER TABLE "call_rollups" ADD CONSTRAINT "call_rollups_pk" PRIMARY KEY ("client_id", "slot", "call_type", "status", "stripe");--> statement-breakpoint
ALTER TABLE "monthly_user_counts" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_user_counts" DROP CONSTRAINT "monthly_user_counts_pk";--> statement-breakpoint
ALTER TABLE "monthly_user_counts" ADD CONSTRAINT "monthly_user_counts_pk" PRIMARY KEY ("client_id", "month", "stripe");--> statement-breakpoint
ALTER TABLE "call_record_days" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_record_days" DROP CONSTRAINT "call_record_days_client_id_day_call_type_pk";--> statement-breakpoint
ALTER TABLE "call_record_days" ADD CONSTRAINT "call_record_days_pk" PRIMARY KEY ("client_id", "day", "call_type", "stripe");--> statement-breakpoint
-- The writers, as 0025 and 0006 left them, each adding to its counter's stripe; a removal adds a negative count (an
-- UPDATE of "the" row would now take from every stripe).
CREATE OR REPLACE FUNCTION conversation_rollups_add(sign integer, rows conversations[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (SELECT * FROM unnest(rows) WHERE NOT is_test),
  t AS (SELECT client_id, tenant_sla_seconds(client_id) AS sla FROM (SELECT DISTINCT client_id FROM c) d),
  m AS (
    SELECT c.*, t.sla,
      CASE WHEN c.first_response_at IS NOT NULL AND c.first_inbound_at IS NOT NULL THEN extract(epoch FROM c.first_response_at - c.first_inbound_at)::float8 END AS frt_s,
      CASE WHEN c.status = 'closed' AND c.closed_at IS NOT NULL AND c.assigned_at IS NOT NULL THEN greatest(extract(epoch FROM c.closed_at - c.assigned_at)::float8, 0) END AS aht_s,
      CASE WHEN c.status = 'closed' AND c.closed_at IS NOT NULL THEN greatest(extract(epoch FROM c.closed_at - c.started_at)::float8, 0) END AS res_s
    FROM c JOIN t ON t.client_id = c.client_id),
  g AS (
    SELECT client_id, dash_slot(started_at) AS slot, channel, coalesce(assigned_user_id, 0) AS agent_id, sign * count(*)::int AS started,
      sign * count(*) FILTER (WHERE res_s IS NOT NULL)::int AS closed,
      sign * count(*) FILTER (WHERE res_s IS NOT NULL AND first_inbound_at IS NOT NULL AND first_response_at IS NULL)::int AS abandoned,
      sign * count(frt_s)::int AS answered, sign * count(*) FILTER (WHERE frt_s <= sla)::int AS answered_within, sign * coalesce(sum(frt_s), 0) AS frt_sum,
      sign * count(aht_s)::int AS handled, sign * coalesce(sum(aht_s), 0) AS aht_sum, sign * coalesce(sum(res_s), 0) AS resolution_sum,
      sign * sum(agent_messages)::int AS agent_messages
    FROM m GROUP BY 1, 2, 3, 4)
  INSERT INTO conversation_rollups AS r (client_id, slot, channel, agent_id, stripe, started, closed, abandoned, answered, answered_within,
    frt_sum, handled, aht_sum, resolution_sum, agent_messages)
  SELECT client_id, slot, channel, agent_id, rollup_stripe(concat_ws(':', 'conversation', client_id, extract(epoch FROM slot)::bigint, channel, agent_id)),
    started, closed, abandoned, answered, answered_within, frt_sum, handled, aht_sum, resolution_sum, agent_messages
  FROM g
  ON CONFLICT (client_id, slot, channel, agent_id, stripe) DO UPDATE SET started = r.started + EXCLUDED.started, closed = r.closed + EXCLUDED.closed,
    abandoned = r.abandoned + EXCLUDED.abandoned, answered = r.answered + EXCLUDED.answered,
    answered_within = r.answered_within + EXCLUDED.answered_within, frt_sum = r.frt_sum + EXCLUDED.frt_sum,
    handled = r.handled + EXCLUDED.handled, aht_sum = r.aht_sum + EXCLUDED.aht_sum,
    resolution_sum = r.resolution_sum + EXCLUDED.resolution_sum, agent_messages = r.agent_messages + EXCLUDED.agent_messages
$$;--> statement-breakpoint
CREATE FUNCTION message_rollups_stripe_add(rows jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO message_rollups AS r (client_id, slot, channel, direction, status, stripe, messages)
    SELECT x.client_id, x.slot, x.channel, x.direction, x.status,
      rollup_stripe(concat_ws(':', 'message', x.client_id, extract(epoch FROM x.slot)::bigint, x.channel, x.direction, x.status)), x.n
    FROM jsonb_to_recordset(rows) AS x(client_id integer, slot timestamptz, channel text, direction text, status text, n integer)
  ON CONFLICT (client_id, slot, channel, direction, status, stripe) DO UPDATE SET messages = r.messages + EXCLUDED.messages
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM message_rollups_stripe_add(coalesce(jsonb_agg(g), '[]'))
    FROM (SELECT m.client_id, dash_slot(m.dt) AS slot, c.channel, m.direction, m.status, sign * count(*)::int AS n
      FROM unnest(rows) m JOIN conversations c ON c.id = m.conversation_id WHERE NOT c.is_test GROUP BY 1, 2, 3, 4, 5) g;
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
    INSERT INTO monthly_user_counts AS u (client_id, month, stripe, users)
      SELECT client_id, month, rollup_stripe(concat_ws(':', 'mau', client_id, month - date '2000-01-01')), n
      FROM (SELECT client_id, month, count(*)::int AS n FROM seen WHERE fresh GROUP BY 1, 2) g
    ON CONFLICT (client_id, month, stripe) DO UPDATE SET users = u.users + EXCLUDED.users;
  END IF;
END $$;--> statement-breakpoint
-- A conversation's messages leave the message roll-up with it (its cascaded message deletes no longer find the
-- channel); a test conversation's never entered it.
CREATE OR REPLACE FUNCTION conversations_drop_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_test THEN
    PERFORM message_rollups_stripe_add(coalesce(jsonb_agg(x), '[]'))
      FROM (SELECT client_id, dash_slot(dt) AS slot, OLD.channel AS channel, direction, status, -count(*)::int AS n
        FROM messages WHERE conversation_id = OLD.id GROUP BY 1, 2, 3, 4, 5) x;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_rollups_add(sign integer, rows call_records[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO call_rollups AS r (client_id, slot, call_type, status, stripe, calls, duration_sum)
    SELECT client_id, slot, call_type, status, rollup_stripe(concat_ws(':', 'call', client_id, extract(epoch FROM slot)::bigint, call_type, status)), n, d
    FROM (SELECT client_id, dash_slot(dt) AS slot, call_type, status, sign * count(*)::int AS n, sign * sum(duration)::bigint AS d
      FROM unnest(rows) GROUP BY 1, 2, 3, 4) g
  ON CONFLICT (client_id, slot, call_type, status, stripe) DO UPDATE SET calls = r.calls + EXCLUDED.calls, duration_sum = r.duration_sum + EXCLUDED.duration_sum
$$;--> statement-breakpoint
CREATE FUNCTION call_record_days_stripe_add(sign integer, rows call_records[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO call_record_days AS d (client_id, day, call_type, stripe, calls)
    SELECT client_id, day, call_type, rollup_stripe(concat_ws(':', 'call-day', client_id, day - date '2000-01-01', call_type)), n
    FROM (SELECT client_id, (dt AT TIME ZONE 'UTC')::date AS day, call_type, sign * count(*)::int AS n FROM unnest(rows) GROUP BY 1, 2, 3) g
  ON CONFLICT (client_id, day, call_type, stripe) DO UPDATE SET calls = d.calls + EXCLUDED.calls
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_record_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE news call_records[];
BEGIN
  SELECT array_agg(n) INTO news FROM new_rows n;
  PERFORM call_record_days_stripe_add(1, news);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION call_record_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE olds call_records[];
BEGIN
  SELECT array_agg(o) INTO olds FROM old_rows o;
  PERFORM call_record_days_stripe_add(-1, olds);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the calls whose day or type moved (a call's status changes all the time; its day does not).
CREATE OR REPLACE FUNCTION call_record_days_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE olds call_records[]; news call_records[];
BEGIN
  SELECT array_agg(o), array_agg(n) INTO olds, news FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.client_id, (o.dt AT TIME ZONE 'UTC')::date, o.call_type) IS DISTINCT FROM (n.client_id, (n.dt AT TIME ZONE 'UTC')::date, n.call_type);
  IF olds IS NOT NULL THEN
    PERFORM call_record_days_stripe_add(-1, olds);
    PERFORM call_record_days_stripe_add(1, news);
  END IF;
  RETURN NULL;
END $$;
