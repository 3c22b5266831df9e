-- Segment counts without reading the contact book (server/features/segments/segment-sets.ts). Every attribute of every
-- contact is a row of contact_attributes: its key, its text as `attributes ->> key` gives it (NULL for a JSON null), and
-- that text as a number when it reads as one (the rule compiler's NUMERIC pattern), so an attribute condition is one
-- index range scan that yields contact ids in the index alone (index-only), and a segment is counted by intersecting and
-- uniting id sets instead of testing a million wide rows. Kept by triggers on contacts in the transaction of every write,
-- like contact_words (migration 0018): set-based per statement for inserts and deletes, per changed row for updates
-- of attributes; a contact's stored rows are found again from its old attributes through the same indexes, so no index
-- on contact_id slows every insert.
CREATE FUNCTION contact_attribute_number(v text) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE WHEN v ~ '^-?[0-9]+(\.[0-9]+)?$' THEN v::numeric END $$;--> statement-breakpoint
CREATE FUNCTION contact_attribute_pairs(attributes jsonb) RETURNS TABLE (key text, value text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT e.key, e.value FROM jsonb_each_text(CASE WHEN jsonb_typeof(attributes) = 'object' THEN attributes ELSE '{}'::jsonb END) AS e $$;--> statement-breakpoint
CREATE TABLE "contact_attributes" (
  "client_id" integer NOT NULL,
  "key" text COLLATE "C" NOT NULL,
  "value" text COLLATE "C",
  "num" numeric,
  "contact_id" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "contact_attributes" ("client_id", "key", "value", "num", "contact_id")
  SELECT c.client_id, p.key, p.value, contact_attribute_number(p.value), c.id
  FROM contacts c, LATERAL contact_attribute_pairs(c.attributes) AS p
  ORDER BY 1, 2, 3, 5;--> statement-breakpoint
-- Values that do not read as numbers (and JSON nulls), in code-point order: equality, presence, `contains`, text comparisons.
CREATE INDEX "contact_attributes_text_idx" ON "contact_attributes" USING btree ("client_id", "key", "value", "contact_id")
  WHERE "num" IS NULL;--> statement-breakpoint
-- Values that read as numbers, in numeric order, their text carried along for equality and `contains` (index-only).
CREATE INDEX "contact_attributes_number_idx" ON "contact_attributes" USING btree ("client_id", "key", "num", "contact_id")
  INCLUDE ("value") WHERE "num" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION contact_attributes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_attributes (client_id, key, value, num, contact_id)
    SELECT n.client_id, p.key, p.value, contact_attribute_number(p.value), n.id
    FROM inserted n, LATERAL contact_attribute_pairs(n.attributes) AS p
    ORDER BY 1, 2, 3, 5;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A contact's old rows are found through the index their value is in: its number, its text, or a JSON null.
CREATE FUNCTION contact_attributes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_attributes a USING deleted d, LATERAL contact_attribute_pairs(d.attributes) AS p
    WHERE a.client_id = d.client_id AND a.key = p.key AND a.num = contact_attribute_number(p.value) AND a.contact_id = d.id;
  DELETE FROM contact_attributes a USING deleted d, LATERAL contact_attribute_pairs(d.attributes) AS p
    WHERE a.client_id = d.client_id AND a.key = p.key AND a.num IS NULL AND a.value = p.value AND a.contact_id = d.id;
  DELETE FROM contact_attributes a USING deleted d, LATERAL contact_attribute_pairs(d.attributes) AS p
    WHERE p.value IS NULL AND a.client_id = d.client_id AND a.key = p.key AND a.num IS NULL AND a.value IS NULL AND a.contact_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION contact_attributes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_attributes a USING contact_attribute_pairs(OLD.attributes) AS p
    WHERE a.client_id = OLD.client_id AND a.key = p.key AND a.num = contact_attribute_number(p.value) AND a.contact_id = OLD.id;
  DELETE FROM contact_attributes a USING contact_attribute_pairs(OLD.attributes) AS p
    WHERE a.client_id = OLD.client_id AND a.key = p.key AND a.num IS NULL AND a.value = p.value AND a.contact_id = OLD.id;
  DELETE FROM contact_attributes a USING contact_attribute_pairs(OLD.attributes) AS p
    WHERE p.value IS NULL AND a.client_id = OLD.client_id AND a.key = p.key AND a.num IS NULL AND a.value IS NULL AND a.contact_id = OLD.id;
  INSERT INTO contact_attributes (client_id, key, value, num, contact_id)
    SELECT NEW.client_id, p.key, p.value, contact_attribute_number(p.value), NEW.id FROM contact_attribute_pairs(NEW.attributes) AS p;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contact_attributes_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION contact_attributes_inserted();--> statement-breakpoint
CREATE TRIGGER "contact_attributes_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION contact_attributes_deleted();--> statement-breakpoint
CREATE TRIGGER "contact_attributes_update" AFTER UPDATE OF "attributes" ON "contacts" FOR EACH ROW
  WHEN (OLD.attributes IS DISTINCT FROM NEW.attributes)
  EXECUTE FUNCTION contact_attributes_updated();--> statement-breakpoint
-- The channel and last-message conditions as id sets, index-only: the contact id rides along in their indexes.
DROP INDEX "contacts_client_inbound_idx";--> statement-breakpoint
CREATE INDEX "contacts_client_inbound_idx" ON "contacts" USING btree ("client_id", "last_inbound_at") INCLUDE ("id");--> statement-breakpoint
CREATE INDEX "contacts_client_channel_idx" ON "contacts" USING btree ("client_id", "channel", "id");--> statement-breakpoint
ANALYZE "contact_attributes";
