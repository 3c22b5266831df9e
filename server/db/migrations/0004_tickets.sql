-- Tickets, complaints, canned messages, uploads and labels: the columns, constraints and indexes their calls need.
-- Hand-written (see server/README.md). Ticket lists read open tickets newest first per tenant; complaint lists filter
-- by status and date; a canned shortcut and a label name are unique per tenant; uploaded bytes live in the database
-- (bytea) so an upload is one transaction on PGlite and PostgreSQL alike.
ALTER TABLE "complaints" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_status_check" CHECK ("status" IN ('Pending', 'Ongoing', 'Resolved'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_message_len_check" CHECK (char_length("customer_message") <= 800);--> statement-breakpoint
CREATE INDEX "complaints_client_status_dt_idx" ON "complaints" USING btree ("client_id", "status", "dt" DESC, "id" DESC);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_check" CHECK ("status" IN ('Pending', 'Ongoing', 'Resolved'));--> statement-breakpoint
CREATE INDEX "tickets_client_open_idx" ON "tickets" USING btree ("client_id", "dt" DESC, "id" DESC) WHERE "status" <> 'Resolved';--> statement-breakpoint
CREATE INDEX "tickets_client_resolved_idx" ON "tickets" USING btree ("client_id", "last_closed" DESC, "id" DESC) WHERE "status" = 'Resolved';--> statement-breakpoint
CREATE INDEX "tickets_conversation_idx" ON "tickets" USING btree ("conversation_id");--> statement-breakpoint
ALTER TABLE "canned_messages" ALTER COLUMN "type" SET DEFAULT 'chat';--> statement-breakpoint
ALTER TABLE "canned_messages" ADD COLUMN "shared" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "canned_messages" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "canned_messages" ADD CONSTRAINT "canned_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_messages_shortcut_uq" ON "canned_messages" USING btree ("client_id", (ltrim("shortcut", '/'))) WHERE "shortcut" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "canned_messages_client_type_idx" ON "canned_messages" USING btree ("client_id", "type", "title");--> statement-breakpoint
CREATE UNIQUE INDEX "labels_client_name_uq" ON "labels" USING btree ("client_id", lower("name"));--> statement-breakpoint
CREATE INDEX "conversation_labels_conversation_idx" ON "conversation_labels" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "attachments_message_idx" ON "attachments" USING btree ("message_id");--> statement-breakpoint
CREATE TABLE "attachment_files" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"data" bytea NOT NULL
);--> statement-breakpoint
ALTER TABLE "attachment_files" ADD CONSTRAINT "attachment_files_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_files" ADD CONSTRAINT "attachment_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
