-- Hour roll-ups: the dashboard and report roll-ups (0006, 0038) summed per UTC hour, without the agent (conversations).
-- A 30-day dashboard call summed about 33,000 conversation slot rows (one per slot, channel and agent) and as many
-- message and call rows; the hour rows are a tenth of the conversations' and a third of the messages' and calls'.
-- Readers take them for a range's whole UTC hours (the slots for a partial first or last hour) and, where rows are
-- grouped by local day or hour, only in a zone whose offset over the range is a whole number of hours
-- (server/features/reports/rollup-tables.ts); per-agent figures read the slots. Each hour table is kept from its slot table by a row trigger that adds
-- the slot row's change to its hour's counter (striped as 0038's counters), so every writer of the slots keeps it.
CREATE TABLE "conversation_rollup_hours" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"slot" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"stripe" smallint DEFAULT 0 NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"abandoned" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"answered_within" integer DEFAULT 0 NOT NULL,
	"frt_sum" double precision DEFAULT 0 NOT NULL,
	"handled" integer DEFAULT 0 NOT NULL,
	"aht_sum" double precision DEFAULT 0 NOT NULL,
	"resolution_sum" double precision DEFAULT 0 NOT NULL,
	"agent_messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_rollup_hours_pk" PRIMARY KEY("client_id","slot","channel","stripe")
);--> statement-breakpoint
CREATE TABLE "message_rollup_hours" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"slot" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"stripe" smallint DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_rollup_hours_pk" PRIMARY KEY("client_id","slot","channel","direction","status","stripe")
);--> statement-breakpoint
CREATE TABLE "call_rollup_hours" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"slot" timestamp with time zone NOT NULL,
	"call_type" text NOT NULL,
	"status" text NOT NULL,
	"stripe" smallint DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"duration_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_rollup_hours_pk" PRIMARY KEY("client_id","slot","call_type","status","stripe")
);--> statement-breakpoint
CREATE FUNCTION rollup_hour(slot timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('1 hour', slot, timestamptz '2000-01-01 00:00:00+00')
$$;--> statement-breakpoint
-- A slot row's change (new minus old; an insert has no old row, a delete no new one) added to its hour's counter. A
-- delete cascading from its business's purge writes nothing: the hour rows go with the business.
CREATE FUNCTION conversation_rollup_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conversation_rollup_hours AS h (client_id, slot, channel, stripe, started, closed, abandoned, answered, answered_within,
    frt_sum, handled, aht_sum, resolution_sum, agent_messages)
  SELECT client_id, slot, channel, rollup_stripe(concat_ws(':', 'conversation-hour', client_id, extract(epoch FROM slot)::bigint, channel)),
    sum(started), sum(closed), sum(abandoned), sum(answered), sum(answered_within), sum(frt_sum), sum(handled), sum(aht_sum),
    sum(resolution_sum), sum(agent_messages)
  FROM (
    SELECT NEW.client_id, rollup_hour(NEW.slot) AS slot, NEW.channel, NEW.started, NEW.closed, NEW.abandoned, NEW.answered,
      NEW.answered_within, NEW.frt_sum, NEW.handled, NEW.aht_sum, NEW.resolution_sum, NEW.agent_messages
    WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.client_id, rollup_hour(OLD.slot), OLD.channel, -OLD.started, -OLD.closed, -OLD.abandoned, -OLD.answered,
      -OLD.answered_within, -OLD.frt_sum, -OLD.handled, -OLD.aht_sum, -OLD.resolution_sum, -OLD.agent_messages
    WHERE TG_OP <> 'INSERT'
  ) d WHERE TG_OP <> 'DELETE' OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id) GROUP BY client_id, slot, channel
  ON CONFLICT (client_id, slot, channel, stripe) DO UPDATE SET started = h.started + EXCLUDED.started, closed = h.closed + EXCLUDED.closed,
    abandoned = h.abandoned + EXCLUDED.abandoned, answered = h.answered + EXCLUDED.answered,
    answered_within = h.answered_within + EXCLUDED.answered_within, frt_sum = h.frt_sum + EXCLUDED.frt_sum,
    handled = h.handled + EXCLUDED.handled, aht_sum = h.aht_sum + EXCLUDED.aht_sum,
    resolution_sum = h.resolution_sum + EXCLUDED.resolution_sum, agent_messages = h.agent_messages + EXCLUDED.agent_messages;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION message_rollup_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_rollup_hours AS h (client_id, slot, channel, direction, status, stripe, messages)
  SELECT client_id, slot, channel, direction, status,
    rollup_stripe(concat_ws(':', 'message-hour', client_id, extract(epoch FROM slot)::bigint, channel, direction, status)), sum(messages)
  FROM (
    SELECT NEW.client_id, rollup_hour(NEW.slot) AS slot, NEW.channel, NEW.direction, NEW.status, NEW.messages WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.client_id, rollup_hour(OLD.slot), OLD.channel, OLD.direction, OLD.status, -OLD.messages WHERE TG_OP <> 'INSERT'
  ) d WHERE TG_OP <> 'DELETE' OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id) GROUP BY client_id, slot, channel, direction, status
  ON CONFLICT (client_id, slot, channel, direction, status, stripe) DO UPDATE SET messages = h.messages + EXCLUDED.messages;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION call_rollup_hours_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_rollup_hours AS h (client_id, slot, call_type, status, stripe, calls, duration_sum)
  SELECT client_id, slot, call_type, status,
    rollup_stripe(concat_ws(':', 'call-hour', client_id, extract(epoch FROM slot)::bigint, call_type, status)), sum(calls), sum(duration_sum)
  FROM (
    SELECT NEW.client_id, rollup_hour(NEW.slot) AS slot, NEW.call_type, NEW.status, NEW.calls, NEW.duration_sum WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT OLD.client_id, rollup_hour(OLD.slot), OLD.call_type, OLD.status, -OLD.calls, -OLD.duration_sum WHERE TG_OP <> 'INSERT'
  ) d WHERE TG_OP <> 'DELETE' OR EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id) GROUP BY client_id, slot, call_type, status
  ON CONFLICT (client_id, slot, call_type, status, stripe) DO UPDATE SET calls = h.calls + EXCLUDED.calls,
    duration_sum = h.duration_sum + EXCLUDED.duration_sum;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_rollup_hours_keep" AFTER INSERT OR UPDATE OR DELETE ON "conversation_rollups"
  FOR EACH ROW EXECUTE FUNCTION conversation_rollup_hours_keep();--> statement-breakpoint
CREATE TRIGGER "message_rollup_hours_keep" AFTER INSERT OR UPDATE OR DELETE ON "message_rollups"
  FOR EACH ROW EXECUTE FUNCTION message_rollup_hours_keep();--> statement-breakpoint
CREATE TRIGGER "call_rollup_hours_keep" AFTER INSERT OR UPDATE OR DELETE ON "call_rollups"
  FOR EACH ROW EXECUTE FUNCTION call_rollup_hours_keep();--> statement-breakpoint
INSERT INTO conversation_rollup_hours (client_id, slot, channel, started, closed, abandoned, answered, answered_within, frt_sum, handled,
  aht_sum, resolution_sum, agent_messages)
SELECT client_id, rollup_hour(slot), channel, sum(started), sum(closed), sum(abandoned), sum(answered), sum(answered_within), sum(frt_sum),
  sum(handled), sum(aht_sum), sum(resolution_sum), sum(agent_messages)
FROM conversation_rollups GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO message_rollup_hours (client_id, slot, channel, direction, status, messages)
SELECT client_id, rollup_hour(slot), channel, direction, status, sum(messages) FROM message_rollups GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO call_rollup_hours (client_id, slot, call_type, status, calls, duration_sum)
SELECT client_id, rollup_hour(slot), call_type, status, sum(calls), sum(duration_sum) FROM call_rollups GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- /monthly/users pages a month's customers by their last message, newest first: read in this index's order instead of
-- sorting the month's rows (about 33,000 for a tenant with 100,000 customers over a quarter) at every page.
CREATE INDEX "contact_months_recent_idx" ON "contact_months" USING btree ("client_id", "month", "last_seen" DESC, "contact_id");--> statement-breakpoint
-- The new tables' statistics, so that their first plans know their size (PGlite runs no autovacuum).
ANALYZE "conversation_rollup_hours", "message_rollup_hours", "call_rollup_hours", "contact_months";
