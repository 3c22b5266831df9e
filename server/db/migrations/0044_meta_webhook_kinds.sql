-- A WhatsApp customer's business-scoped user id (Meta's BSUID, `user_id` in webhooks): the customer known only by it
-- is a contact whose number is the BSUID; once their phone number arrives with it, the two are one contact.
ALTER TABLE "contacts" ADD COLUMN "bsuid" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_client_bsuid_uq" ON "contacts" USING btree ("client_id", "bsuid") WHERE "bsuid" IS NOT NULL;
