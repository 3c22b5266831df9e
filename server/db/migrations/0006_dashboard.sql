-- Dashboards and reports: metric stamps on conversations, the roll-ups every dashboard and report call
-- reads instead of raw messages, and the tables the chatbot and survey features fill (bot_menu_hits, survey_responses).
-- Roll-ups are kept by statement-level triggers (one grouped upsert per statement, as call_record_days) in UTC
-- 15-minute slots, so any time zone whose offset is a multiple of 15 minutes (all of them) gets exact local days and
-- hours by shifting slots at read time. Metric definitions: server/features/reports/metrics.ts and README "Metrics".
ALTER TABLE "conversations" ADD COLUMN "first_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "messages_in" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "messages_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "agent_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_client_started_idx" ON "conversations" USING btree ("client_id", "started_at", "id");--> statement-breakpoint
CREATE INDEX "conversations_client_answered_idx" ON "conversations" USING btree ("client_id", "started_at", "first_response_at", "first_inbound_at") WHERE "first_response_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "message_rollups" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"slot" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_rollups_pk" PRIMARY KEY("client_id","slot","channel","direction","status")
);--> statement-breakpoint
CREATE TABLE "conversation_rollups" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
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
	"agent_messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_rollups_pk" PRIMARY KEY("client_id","slot","channel","agent_id")
);--> statement-breakpoint
CREATE TABLE "call_rollups" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"slot" timestamp with time zone NOT NULL,
	"call_type" text NOT NULL,
	"status" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"duration_sum" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_rollups_pk" PRIMARY KEY("client_id","slot","call_type","status")
);--> statement-breakpoint
CREATE TABLE "contact_months" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE cascade,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_months_pk" PRIMARY KEY("client_id","month","contact_id")
);--> statement-breakpoint
CREATE TABLE "monthly_user_counts" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monthly_user_counts_pk" PRIMARY KEY("client_id","month")
);--> statement-breakpoint
CREATE TABLE "bot_menu_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"autoreply_id" integer REFERENCES "autoreplies"("id") ON DELETE set null,
	"contact_id" integer REFERENCES "contacts"("id") ON DELETE set null,
	"number" text NOT NULL,
	"menu" text NOT NULL,
	"option" text DEFAULT '' NOT NULL,
	"dt" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "bot_menu_hits_client_dt_idx" ON "bot_menu_hits" USING btree ("client_id", "dt");--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"conversation_id" integer REFERENCES "conversations"("id") ON DELETE set null,
	"contact_id" integer REFERENCES "contacts"("id") ON DELETE set null,
	"agent_id" integer REFERENCES "users"("id") ON DELETE set null,
	"number" text NOT NULL,
	"name" text,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);--> statement-breakpoint
CREATE INDEX "survey_responses_client_dt_idx" ON "survey_responses" USING btree ("client_id", "dt");--> statement-breakpoint
CREATE FUNCTION dash_slot(ts timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_bin('15 minutes', ts, timestamptz '2000-01-01 00:00:00+00')
$$;--> statement-breakpoint
-- The tenant's time zone (client setting time_zone, default UTC); an unknown zone counts as UTC rather than failing a write.
CREATE FUNCTION tenant_zone(client integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE z text;
BEGIN
  SELECT value #>> '{}' INTO z FROM client_settings WHERE client_id = client AND key = 'time_zone';
  IF z IS NULL OR z = '' THEN RETURN 'UTC'; END IF;
  PERFORM now() AT TIME ZONE z;
  RETURN z;
EXCEPTION WHEN OTHERS THEN RETURN 'UTC';
END $$;--> statement-breakpoint
-- The tenant's service-level threshold T in seconds (client setting service_level_seconds, default 60).
CREATE FUNCTION tenant_sla_seconds(client integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT CASE WHEN (value #>> '{}') ~ '^[0-9]{1,5}$' AND (value #>> '{}')::int BETWEEN 1 AND 86400 THEN (value #>> '{}')::int END
    FROM client_settings WHERE client_id = client AND key = 'service_level_seconds'), 60)
$$;--> statement-breakpoint
CREATE FUNCTION conversation_rollups_add(sign integer, rows conversations[]) RETURNS void LANGUAGE sql AS $$
  WITH c AS (SELECT * FROM unnest(rows)),
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
CREATE FUNCTION conversations_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF olds IS NOT NULL THEN PERFORM conversation_rollups_add(-1, olds); END IF;
  IF news IS NOT NULL THEN PERFORM conversation_rollups_add(1, news); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- AHT starts at the first assignment to an agent; later shifts and forwards keep it.
CREATE FUNCTION conversations_stamp_assigned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assigned_user_id IS NOT NULL AND NEW.assigned_at IS NULL THEN NEW.assigned_at := now(); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION message_rollups_add(sign integer, rows messages[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_rollups AS r (client_id, slot, channel, direction, status, messages)
    SELECT m.client_id, dash_slot(m.dt), c.channel, m.direction, m.status, sign * count(*)::int
    FROM unnest(rows) m JOIN conversations c ON c.id = m.conversation_id GROUP BY 1, 2, 3, 4, 5
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
        WHERE m.direction = 'in' GROUP BY 1, 2, 3
      ON CONFLICT (client_id, month, contact_id) DO UPDATE SET first_seen = least(cm.first_seen, EXCLUDED.first_seen),
        last_seen = greatest(cm.last_seen, EXCLUDED.last_seen)
      RETURNING cm.client_id, cm.month, (xmax = 0) AS fresh)
    INSERT INTO monthly_user_counts AS u (client_id, month, users)
      SELECT client_id, month, count(*)::int FROM seen WHERE fresh GROUP BY 1, 2
    ON CONFLICT (client_id, month) DO UPDATE SET users = u.users + EXCLUDED.users;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION messages_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE olds messages[]; news messages[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO news FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO olds FROM old_rows o;
  ELSE
    SELECT array_agg(o), array_agg(n) INTO olds, news FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.client_id, o.conversation_id, o.direction, o.status, o.dt, o.sender_user_id)
        IS DISTINCT FROM (n.client_id, n.conversation_id, n.direction, n.status, n.dt, n.sender_user_id);
  END IF;
  IF olds IS NOT NULL THEN PERFORM message_rollups_add(-1, olds); END IF;
  IF news IS NOT NULL THEN PERFORM message_rollups_add(1, news); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A conversation's messages leave the message roll-up with it (its cascaded message deletes no longer find the channel).
CREATE FUNCTION conversations_drop_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE message_rollups r SET messages = r.messages - x.n
    FROM (SELECT client_id, dash_slot(dt) AS slot, direction, status, count(*)::int AS n FROM messages WHERE conversation_id = OLD.id GROUP BY 1, 2, 3, 4) x
    WHERE r.client_id = x.client_id AND r.slot = x.slot AND r.channel = OLD.channel AND r.direction = x.direction AND r.status = x.status;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE FUNCTION call_rollups_add(sign integer, rows call_records[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO call_rollups AS r (client_id, slot, call_type, status, calls, duration_sum)
    SELECT client_id, dash_slot(dt), call_type, status, sign * count(*)::int, sign * sum(duration)::bigint FROM unnest(rows) GROUP BY 1, 2, 3, 4
  ON CONFLICT (client_id, slot, call_type, status) DO UPDATE SET calls = r.calls + EXCLUDED.calls, duration_sum = r.duration_sum + EXCLUDED.duration_sum
$$;--> statement-breakpoint
CREATE FUNCTION call_records_rollup_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE olds call_records[]; news call_records[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO news FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO olds FROM old_rows o;
  ELSE
    SELECT array_agg(o), array_agg(n) INTO olds, news FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.client_id, o.dt, o.call_type, o.status, o.duration) IS DISTINCT FROM (n.client_id, n.dt, n.call_type, n.status, n.duration);
  END IF;
  IF olds IS NOT NULL THEN PERFORM call_rollups_add(-1, olds); END IF;
  IF news IS NOT NULL THEN PERFORM call_rollups_add(1, news); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rebuilds one tenant's roll-ups from the source rows (all tenants with NULL): the backfill below, and after the
-- tenant's time zone or service-level threshold changes.
CREATE FUNCTION dashboard_rebuild(client integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE rows conversations[]; msgs messages[]; calls call_records[];
BEGIN
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
END $$;--> statement-breakpoint
CREATE FUNCTION client_settings_dashboard_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.key IN ('time_zone', 'service_level_seconds') THEN PERFORM dashboard_rebuild(OLD.client_id); END IF;
  IF TG_OP <> 'DELETE' AND NEW.key IN ('time_zone', 'service_level_seconds') AND (TG_OP = 'INSERT' OR OLD.value IS DISTINCT FROM NEW.value) THEN
    PERFORM dashboard_rebuild(NEW.client_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "conversations" SET "assigned_at" = "started_at" WHERE "assigned_user_id" IS NOT NULL;--> statement-breakpoint
SELECT dashboard_rebuild(NULL);--> statement-breakpoint
CREATE TRIGGER conversations_rollup_insert AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_rollup_sync();--> statement-breakpoint
CREATE TRIGGER conversations_rollup_update AFTER UPDATE ON conversations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_rollup_sync();--> statement-breakpoint
CREATE TRIGGER conversations_rollup_delete AFTER DELETE ON conversations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversations_rollup_sync();--> statement-breakpoint
CREATE TRIGGER conversations_assigned_stamp BEFORE INSERT OR UPDATE ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversations_stamp_assigned();--> statement-breakpoint
CREATE TRIGGER conversations_messages_drop BEFORE DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversations_drop_messages();--> statement-breakpoint
CREATE TRIGGER messages_rollup_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_rollup_sync();--> statement-breakpoint
CREATE TRIGGER messages_rollup_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_rollup_sync();--> statement-breakpoint
CREATE TRIGGER messages_rollup_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_rollup_sync();--> statement-breakpoint
CREATE TRIGGER call_records_rollup_insert AFTER INSERT ON call_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_records_rollup_sync();--> statement-breakpoint
CREATE TRIGGER call_records_rollup_update AFTER UPDATE ON call_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_records_rollup_sync();--> statement-breakpoint
CREATE TRIGGER call_records_rollup_delete AFTER DELETE ON call_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_records_rollup_sync();--> statement-breakpoint
CREATE TRIGGER client_settings_dashboard AFTER INSERT OR UPDATE OR DELETE ON client_settings
  FOR EACH ROW EXECUTE FUNCTION client_settings_dashboard_rebuild();
