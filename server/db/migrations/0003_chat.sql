-- The live chat: conversation statuses (unassigned / active / ongoing / closed), the inbox's denormalised columns
-- (unread count, last message preview, never-null last_message_at) and the indexes the inbox, the chat view and the
-- message reports read at 100,000 conversations and 2,000,000 messages per tenant. Hand-written (see server/README.md).
ALTER TABLE "contacts" ADD COLUMN "last_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "conversations" SET "status" = CASE WHEN "closed_at" IS NOT NULL THEN 'closed' WHEN "assigned_user_id" IS NULL THEN 'unassigned' ELSE 'active' END WHERE "status" NOT IN ('unassigned', 'active', 'ongoing', 'closed');--> statement-breakpoint
UPDATE "conversations" SET "last_message_at" = "started_at" WHERE "last_message_at" IS NULL;--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "status" SET DEFAULT 'unassigned';--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "last_message_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "last_message_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_status_check" CHECK ("status" IN ('unassigned', 'active', 'ongoing', 'closed'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_unread_check" CHECK ("unread" >= 0);--> statement-breakpoint
DROP INDEX IF EXISTS "conversations_client_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "conversations_assigned_idx";--> statement-breakpoint
CREATE INDEX "conversations_inbox_idx" ON "conversations" USING btree ("client_id", "status", "last_message_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "conversations_agent_idx" ON "conversations" USING btree ("client_id", "assigned_user_id", "status", "last_message_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "conversations_history_idx" ON "conversations" USING btree ("client_id", "closed_at" DESC, "id" DESC) WHERE "status" = 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_open_contact_uq" ON "conversations" USING btree ("contact_id") WHERE "status" <> 'closed';--> statement-breakpoint
DROP INDEX IF EXISTS "messages_conversation_idx";--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id", "dt" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "messages_client_direction_dt_idx" ON "messages" USING btree ("client_id", "direction", "dt" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_external_uq" ON "messages" USING btree ("client_id", "external_id") WHERE "external_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_client_number_idx" ON "contacts" USING btree ("client_id", "number");
