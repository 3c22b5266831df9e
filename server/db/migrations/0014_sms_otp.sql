-- SMS over SMPP: gateways with encrypted secrets, tenants' accounts with rates, masks with approval,
-- one row per recipient with its parts, cost and delivery state; sms_parts matches SMSC receipts to rows.
ALTER TABLE "sms_providers" ADD COLUMN "kind" text DEFAULT 'smpp' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "port" integer;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "system_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "system_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "window_size" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "rate" numeric(12, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD COLUMN "part_length" integer DEFAULT 160 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_providers" ADD CONSTRAINT "sms_providers_kind_ck" CHECK ("kind" IN ('smpp', 'http'));--> statement-breakpoint
UPDATE "sms_providers" SET "kind" = 'http' WHERE "base_url" <> '';--> statement-breakpoint
ALTER TABLE "sms_clients" ADD COLUMN "secret" text;--> statement-breakpoint
ALTER TABLE "sms_clients" ADD COLUMN "password_hint" text;--> statement-breakpoint
ALTER TABLE "sms_clients" ADD COLUMN "rate" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "sms_clients" ADD COLUMN "balance" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "sms_maskings" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_maskings" ADD CONSTRAINT "sms_maskings_status_ck" CHECK ("status" IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
CREATE UNIQUE INDEX "sms_maskings_account_mask_uq" ON "sms_maskings" USING btree ("sms_client_id", "mask");--> statement-breakpoint
ALTER TABLE "sms_messages" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "provider_id" integer REFERENCES "sms_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "masking_id" integer REFERENCES "sms_maskings"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "batch_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "parts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "encoding" text DEFAULT 'GSM-7' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "cost" numeric(12, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_status_ck" CHECK ("status" IN ('queued', 'submitting', 'sent', 'delivered', 'failed'));--> statement-breakpoint
CREATE INDEX "sms_messages_client_status_idx" ON "sms_messages" USING btree ("client_id", "status");--> statement-breakpoint
CREATE INDEX "sms_messages_batch_idx" ON "sms_messages" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "sms_messages_submitting_idx" ON "sms_messages" USING btree ("submitted_at") WHERE "status" = 'submitting';--> statement-breakpoint
CREATE TABLE "sms_parts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sms_message_id" integer NOT NULL REFERENCES "sms_messages"("id") ON DELETE CASCADE,
	"provider_id" integer NOT NULL REFERENCES "sms_providers"("id") ON DELETE CASCADE,
	"part_no" integer NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	CONSTRAINT "sms_parts_status_ck" CHECK ("status" IN ('sent', 'delivered', 'failed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "sms_parts_provider_message_uq" ON "sms_parts" USING btree ("provider_id", "message_id");--> statement-breakpoint
CREATE INDEX "sms_parts_message_idx" ON "sms_parts" USING btree ("sms_message_id");
