-- One capacity model (server/features/chat/capacity.ts) and a fair queue (server/features/routing/queue.ts).
-- A conversation's channel kind: SMS threads count apart from the chats (WhatsApp, Facebook, Instagram, web chat); voice
-- calls are not conversations (their load is read from live_calls).
CREATE FUNCTION channel_kind(channel text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE WHEN channel = 'sms' THEN 'sms' ELSE 'chat' END $$;--> statement-breakpoint
ALTER TABLE "agent_loads" ADD COLUMN "held_chat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_loads" ADD COLUMN "held_sms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE agent_loads l SET held_chat = h.chat, held_sms = h.sms FROM (
  SELECT conversation_holder(c.status, c.assigned_user_id) AS user_id,
    count(*) FILTER (WHERE channel_kind(c.channel) = 'chat')::int AS chat,
    count(*) FILTER (WHERE channel_kind(c.channel) = 'sms')::int AS sms
  FROM conversations c WHERE conversation_holder(c.status, c.assigned_user_id) IS NOT NULL GROUP BY 1) h
WHERE h.user_id = l.user_id;--> statement-breakpoint
-- The hand-out's scan per kind: a tenant's agents by that kind's load, then id, from the least loaded.
CREATE INDEX "agent_loads_client_chat_idx" ON "agent_loads" USING btree ("client_id", "held_chat", "user_id");--> statement-breakpoint
CREATE INDEX "agent_loads_client_sms_idx" ON "agent_loads" USING btree ("client_id", "held_sms", "user_id");--> statement-breakpoint
-- The counters of 0039, each change also counted under the conversation's kind.
CREATE OR REPLACE FUNCTION agent_loads_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer;
  now_held integer;
  was_kind text;
  now_kind text;
  who integer;
  delta integer;
  k text;
BEGIN
  IF TG_OP <> 'INSERT' THEN was := conversation_holder(OLD.status, OLD.assigned_user_id); was_kind := channel_kind(OLD.channel); END IF;
  IF TG_OP <> 'DELETE' THEN now_held := conversation_holder(NEW.status, NEW.assigned_user_id); now_kind := channel_kind(NEW.channel); END IF;
  IF was IS NOT DISTINCT FROM now_held AND was_kind IS NOT DISTINCT FROM now_kind THEN RETURN NULL; END IF;
  FOR who, delta, k IN SELECT v.u, v.d, v.k FROM (VALUES (was, -1, was_kind), (now_held, 1, now_kind)) AS v(u, d, k)
      WHERE v.u IS NOT NULL ORDER BY v.u, v.d LOOP
    UPDATE agent_loads SET held = held + delta,
      held_chat = held_chat + CASE WHEN k = 'chat' THEN delta ELSE 0 END,
      held_sms = held_sms + CASE WHEN k = 'sms' THEN delta ELSE 0 END
    WHERE user_id = who;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A role's capacity per kind ({"chat": 5, "sms": 20, "voice": 1}); a kind it leaves out takes the tenant's.
ALTER TABLE "roles" ADD COLUMN "capacity" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The queue: when a conversation started waiting for an agent (null while someone holds it or it is closed), its
-- priority from the tenant's rules, and the agent group (skill) it is routed to, if any.
ALTER TABLE "conversations" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "queue_priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The position the customer was last told (routing/positions.ts), so they hear of a meaningful change only.
ALTER TABLE "conversations" ADD COLUMN "queue_told" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "route_group_id" integer REFERENCES "agent_groups"("id") ON DELETE SET NULL;--> statement-breakpoint
UPDATE conversations SET queued_at = last_message_at WHERE status = 'unassigned' AND assigned_user_id IS NULL;--> statement-breakpoint
CREATE INDEX "conversations_queue_idx" ON "conversations" USING btree ("client_id", "queue_priority" DESC, "queued_at", "id")
  WHERE "queued_at" IS NOT NULL;--> statement-breakpoint
-- The tenant's priority rules (client setting `queue_priority_rules`: [{"kind": "label" | "segment" | "flag", "id": n,
-- "priority": p}]): a conversation with the label, or whose contact is in the segment or carries the flag (VIP), waits
-- at the highest priority of the rules it meets (0 when none).
CREATE FUNCTION queue_priority_of(conv integer, client integer, contact integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(max((r ->> 'priority')::int), 0)
  FROM client_settings s CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s.value) = 'array' THEN s.value ELSE '[]'::jsonb END) r
  WHERE s.client_id = client AND s.key = 'queue_priority_rules'
    AND r ->> 'priority' ~ '^-?[0-9]{1,3}$' AND r ->> 'id' ~ '^[0-9]{1,9}$' AND (
    (r ->> 'kind' = 'label' AND EXISTS (SELECT 1 FROM conversation_labels cl WHERE cl.conversation_id = conv AND cl.label_id = (r ->> 'id')::int))
    OR (r ->> 'kind' = 'segment' AND EXISTS (SELECT 1 FROM contact_segments cs WHERE cs.contact_id = contact AND cs.segment_id = (r ->> 'id')::int))
    OR (r ->> 'kind' = 'flag' AND EXISTS (SELECT 1 FROM contact_flags cf WHERE cf.contact_id = contact AND cf.flag_id = (r ->> 'id')::int)))
$$;--> statement-breakpoint
-- New rules re-rank the tenant's waiting conversations at once.
CREATE FUNCTION queue_priority_ruled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET queue_priority = queue_priority_of(c.id, c.client_id, c.contact_id)
  WHERE c.client_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.client_id ELSE NEW.client_id END) AND c.queued_at IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "queue_priority_rules_saved" AFTER INSERT OR UPDATE ON "client_settings" FOR EACH ROW
  WHEN (NEW.key = 'queue_priority_rules') EXECUTE FUNCTION queue_priority_ruled();--> statement-breakpoint
CREATE TRIGGER "queue_priority_rules_deleted" AFTER DELETE ON "client_settings" FOR EACH ROW
  WHEN (OLD.key = 'queue_priority_rules') EXECUTE FUNCTION queue_priority_ruled();--> statement-breakpoint
-- Joining the queue stamps the time and the priority; leaving it clears the time. Staying in it keeps both.
CREATE FUNCTION conversations_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (NEW.status = 'unassigned' AND NEW.assigned_user_id IS NULL) THEN
    NEW.queued_at := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.queued_at IS NULL THEN
    NEW.queued_at := now();
    NEW.queue_told := NULL;
    NEW.queue_priority := queue_priority_of(NEW.id, NEW.client_id, NEW.contact_id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_queued" BEFORE INSERT OR UPDATE OF "status", "assigned_user_id" ON "conversations" FOR EACH ROW
  EXECUTE FUNCTION conversations_queued();--> statement-breakpoint
-- A label, segment or flag given or taken while the conversation waits moves it in the queue at once.
CREATE FUNCTION queue_priority_relabelled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET queue_priority = queue_priority_of(c.id, c.client_id, c.contact_id)
  WHERE c.queued_at IS NOT NULL AND c.id IN (SELECT conversation_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION queue_priority_recontacted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET queue_priority = queue_priority_of(c.id, c.client_id, c.contact_id)
  WHERE c.queued_at IS NOT NULL AND c.contact_id IN (SELECT contact_id FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "queue_priority_label_insert" AFTER INSERT ON "conversation_labels" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_priority_relabelled();--> statement-breakpoint
CREATE TRIGGER "queue_priority_label_delete" AFTER DELETE ON "conversation_labels" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_priority_relabelled();--> statement-breakpoint
CREATE TRIGGER "queue_priority_flag_insert" AFTER INSERT ON "contact_flags" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_priority_recontacted();--> statement-breakpoint
CREATE TRIGGER "queue_priority_flag_delete" AFTER DELETE ON "contact_flags" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_priority_recontacted();--> statement-breakpoint
CREATE TRIGGER "queue_priority_segment_insert" AFTER INSERT ON "contact_segments" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_priority_recontacted();--> statement-breakpoint
CREATE TRIGGER "queue_priority_segment_delete" AFTER DELETE ON "contact_segments" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_priority_recontacted();--> statement-breakpoint
ANALYZE "agent_loads";
