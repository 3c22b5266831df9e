-- How many of a tenant's conversations are in each status, kept as counters: the dashboard's "now" boxes (open,
-- waiting, unassigned) counted every open conversation's index entry per call (40,000 of them took about 9 ms).
-- Every write of a conversation's status keeps them: a new conversation, a status change, a removal. Counters are
-- striped as the roll-ups' (0038: a writer takes stripe 0 unless another open transaction holds it), and readers sum
-- a status's stripes. A removal cascading from its business's purge writes nothing: the counters go with the business.
CREATE TABLE "conversation_status_counts" (
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"stripe" smallint DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_status_counts_pk" PRIMARY KEY("client_id","status","stripe")
);--> statement-breakpoint
INSERT INTO conversation_status_counts (client_id, status, conversations)
  SELECT client_id, status, count(*) FROM conversations GROUP BY client_id, status;--> statement-breakpoint
CREATE FUNCTION conversation_status_count(client integer, state text, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO conversation_status_counts AS c (client_id, status, stripe, conversations)
  VALUES (client, state, rollup_stripe(concat_ws(':', 'conversation-status', client, state)), delta)
  ON CONFLICT (client_id, status, stripe) DO UPDATE SET conversations = c.conversations + EXCLUDED.conversations
$$;--> statement-breakpoint
-- Inserts and deletes of many rows at once (imports, purges, seeds) are counted per statement.
CREATE FUNCTION conversation_status_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_status_count(client_id, status, n) FROM (
    SELECT client_id, status, count(*)::int AS n FROM new_rows GROUP BY client_id, status) d;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION conversation_status_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_status_count(client_id, status, -n) FROM (
    SELECT client_id, status, count(*)::int AS n FROM old_rows GROUP BY client_id, status) d
    WHERE EXISTS (SELECT 1 FROM clients c WHERE c.id = d.client_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A status change, row by row (a trigger with transition tables cannot be limited to the status column, and every
-- message updates its conversation).
CREATE FUNCTION conversation_status_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_status_count(OLD.client_id, OLD.status, -1);
  PERFORM conversation_status_count(NEW.client_id, NEW.status, 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION conversation_status_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM conversation_status_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER conversation_status_counts_insert AFTER INSERT ON conversations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_status_counts_added();--> statement-breakpoint
CREATE TRIGGER conversation_status_counts_delete AFTER DELETE ON conversations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_status_counts_removed();--> statement-breakpoint
CREATE TRIGGER conversation_status_counts_update AFTER UPDATE OF status, client_id ON conversations FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION conversation_status_counts_moved();--> statement-breakpoint
CREATE TRIGGER conversation_status_counts_truncate AFTER TRUNCATE ON conversations
  FOR EACH STATEMENT EXECUTE FUNCTION conversation_status_counts_emptied();
