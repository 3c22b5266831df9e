-- Contact search by words (server/features/contacts/contact-words.ts): every word of a contact's name, number and
-- attribute values, folded, in a table of its own with a B-tree on (client_id, word), so that each typed word is one
-- index range scan and several words intersect their contact ids. It replaces the trigram index of migration 0008,
-- whose lookups of a common name intersected posting lists of a quarter of the book.
--
-- One rule, here, for both sides: contact_fold (Turkish capitals Ç Ğ İ Ö Ş Ü to ç ğ i ö ş ü, then ASCII A-Z to a-z;
-- the same on every database and collation) and contact_split (ASCII spaces and punctuation separate words; a word
-- keeps its first 64 characters; a word twice in one contact is stored twice, so counts take distinct contacts). The
-- search splits what was typed with the same function. Neither is STRICT, so the planner inlines them (a STRICT set
-- function is called row by row: four times slower in the import); the split is one regular expression, as
-- translate() over a 37-character set cost more than everything else.
CREATE FUNCTION contact_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT lower(translate(t, 'ÇĞİÖŞÜ', 'çğiöşü') COLLATE "C") $$;--> statement-breakpoint
CREATE FUNCTION contact_split(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT left(w, 64) FROM regexp_split_to_table(contact_fold(t), '[]!-/:-@[\\^_`{-~ \t\n\r\f\v]+') AS w WHERE w <> '' $$;--> statement-breakpoint
CREATE FUNCTION contact_text(name text, number text, attributes jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT concat_ws(' ', name, number, (SELECT string_agg(v, ' ') FROM jsonb_each_text(CASE WHEN jsonb_typeof(attributes) = 'object'
     THEN attributes ELSE '{}'::jsonb END) AS e(k, v))) $$;--> statement-breakpoint
CREATE TABLE "contact_words" (
  "client_id" integer NOT NULL,
  "word" text NOT NULL,
  "contact_id" integer NOT NULL
);--> statement-breakpoint
-- The words of the contacts already there (about 9 a contact).
INSERT INTO "contact_words" ("client_id", "word", "contact_id")
  SELECT c.client_id, w, c.id FROM contacts c, LATERAL contact_split(contact_text(c.name, c.number, c.attributes)) AS w;--> statement-breakpoint
CREATE INDEX "contact_words_prefix_idx" ON "contact_words" USING btree ("client_id", "word" text_pattern_ops, "contact_id");--> statement-breakpoint
-- Kept in the transaction of every write to contacts, whoever writes (the import, the editor, chat, the public form,
-- seeds): set-based per statement for inserts and deletes, per changed row for updates of the searched columns. A
-- contact's stored words are found again from its old values through the one index (the functions are immutable; a
-- migration that changes them rebuilds the table), so no second index on contact_id slows every insert. A statement's
-- new words go in in index order, so consecutive entries land on the same leaf pages.
CREATE FUNCTION contact_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_words (client_id, word, contact_id)
    SELECT n.client_id, w, n.id FROM inserted n, LATERAL contact_split(contact_text(n.name, n.number, n.attributes)) AS w
    ORDER BY 1, 2 USING ~<~, 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION contact_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_words w USING deleted d, LATERAL contact_split(contact_text(d.name, d.number, d.attributes)) AS ow
    WHERE w.client_id = d.client_id AND w.word = ow AND w.contact_id = d.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION contact_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_words
    WHERE client_id = OLD.client_id AND contact_id = OLD.id
      AND word IN (SELECT contact_split(contact_text(OLD.name, OLD.number, OLD.attributes)));
  INSERT INTO contact_words (client_id, word, contact_id)
    SELECT NEW.client_id, w, NEW.id FROM contact_split(contact_text(NEW.name, NEW.number, NEW.attributes)) AS w;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contact_words_insert" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION contact_words_inserted();--> statement-breakpoint
CREATE TRIGGER "contact_words_delete" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION contact_words_deleted();--> statement-breakpoint
CREATE TRIGGER "contact_words_update" AFTER UPDATE OF "name", "number", "attributes" ON "contacts" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.number IS DISTINCT FROM NEW.number OR OLD.attributes IS DISTINCT FROM NEW.attributes)
  EXECUTE FUNCTION contact_words_updated();--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_search_trgm_idx";--> statement-breakpoint
ANALYZE "contact_words";
