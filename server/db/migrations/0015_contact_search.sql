-- Contact search by what was typed (server/features/contacts/contact-filter.ts): a number from its start or its end,
-- an e-mail from its start. Trigram lookups of digit fragments intersect posting lists that nearly every number shares.
-- The plain (client_id, number) index goes: the pattern one answers equality too.
DROP INDEX IF EXISTS "contacts_client_number_idx";--> statement-breakpoint
CREATE INDEX "contacts_number_prefix_idx" ON "contacts" USING btree ("client_id", "number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_number_suffix_idx" ON "contacts" USING btree ("client_id", reverse("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_prefix_idx" ON "contacts" USING btree ("client_id", lower("email") text_pattern_ops);--> statement-breakpoint
-- Statistics for the new expression index (reverse(number)); PGlite runs no autovacuum to gather them.
ANALYZE "contacts";
