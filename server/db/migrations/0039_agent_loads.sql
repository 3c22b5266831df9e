-- Per-agent held-chat counters (server/features/tenant-settings/auto-assign.ts `freeAgent`, chat/agents.ts
-- `active_chats`): one row per user with how many conversations they hold, kept by triggers in the transaction of every
-- change, so a hand-out reads one indexed row instead of counting the tenant's conversations, and locks that one row
-- (FOR UPDATE SKIP LOCKED) instead of the whole tenant.
-- Who holds a conversation: its assigned user while its status is one of HELD_STATUSES
-- (server/features/chat/conversation-status.ts: active, ongoing); the same list as there, keep the two in step.
CREATE FUNCTION conversation_holder(status text, assigned_user_id integer) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE WHEN status IN ('active', 'ongoing') THEN assigned_user_id END $$;--> statement-breakpoint
CREATE TABLE "agent_loads" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "client_id" integer NOT NULL,
  "held" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
INSERT INTO "agent_loads" ("user_id", "client_id", "held")
  SELECT u.id, u.client_id, coalesce(h.n, 0) FROM users u
  LEFT JOIN (SELECT conversation_holder(c.status, c.assigned_user_id) AS user_id, count(*)::int AS n FROM conversations c GROUP BY 1) h
    ON h.user_id = u.id;--> statement-breakpoint
-- The hand-out's scan: a tenant's agents by load, then id (the longest-serving first), from the least loaded.
CREATE INDEX "agent_loads_client_held_idx" ON "agent_loads" USING btree ("client_id", "held", "user_id");--> statement-breakpoint
-- Every user has a row from the start (the hand-out must see an agent who holds nothing).
CREATE FUNCTION agent_loads_users_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_loads (user_id, client_id) SELECT n.id, n.client_id FROM inserted n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agent_loads_user_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION agent_loads_users_inserted();--> statement-breakpoint
-- A conversation that changes holder: one less for the old, one more for the new, the two rows locked in user-id order
-- (two transfers A->B and B->A at once do not deadlock). A user deleted first leaves no row to update: nothing happens.
CREATE FUNCTION agent_loads_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer;
  now_held integer;
  who integer;
  delta integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN was := conversation_holder(OLD.status, OLD.assigned_user_id); END IF;
  IF TG_OP <> 'DELETE' THEN now_held := conversation_holder(NEW.status, NEW.assigned_user_id); END IF;
  IF was IS NOT DISTINCT FROM now_held THEN RETURN NULL; END IF;
  FOR who, delta IN SELECT v.u, v.d FROM (VALUES (was, -1), (now_held, 1)) AS v(u, d) WHERE v.u IS NOT NULL ORDER BY v.u LOOP
    UPDATE agent_loads SET held = held + delta WHERE user_id = who;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Guarded so that the updates that keep the holder (every inbound message's unread and preview, a reply moving active to
-- ongoing) do not call the function at all.
CREATE TRIGGER "agent_loads_conversation_insert" AFTER INSERT ON "conversations" FOR EACH ROW
  WHEN (conversation_holder(NEW.status, NEW.assigned_user_id) IS NOT NULL)
  EXECUTE FUNCTION agent_loads_kept();--> statement-breakpoint
CREATE TRIGGER "agent_loads_conversation_update" AFTER UPDATE OF "status", "assigned_user_id" ON "conversations" FOR EACH ROW
  WHEN (conversation_holder(OLD.status, OLD.assigned_user_id) IS DISTINCT FROM conversation_holder(NEW.status, NEW.assigned_user_id))
  EXECUTE FUNCTION agent_loads_kept();--> statement-breakpoint
CREATE TRIGGER "agent_loads_conversation_delete" AFTER DELETE ON "conversations" FOR EACH ROW
  WHEN (conversation_holder(OLD.status, OLD.assigned_user_id) IS NOT NULL)
  EXECUTE FUNCTION agent_loads_kept();--> statement-breakpoint
ANALYZE "agent_loads";
