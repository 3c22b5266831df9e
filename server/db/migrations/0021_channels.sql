-- Real channel accounts (server/features/channels): a WhatsApp Cloud API number, a Facebook page or an Instagram
-- account of a tenant, with its credentials sealed (AES-256-GCM; never sent back, the console sees `secret_hint`), the
-- per-account webhook key (the URL pasted in Meta's console) and verify token, and its reachability: `health` is
-- pending until the Graph API answered, then connected or failed with `error`. `status` stays active / inactive
-- (account limits count the active ones). One phone number id or page belongs to one tenant at a time.
ALTER TABLE "channel_accounts" ADD COLUMN "secrets" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "secret_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "verify_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "webhook_key" text;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "health" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_webhook_key_uq" ON "channel_accounts" USING btree ("webhook_key");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_external_uq" ON "channel_accounts" USING btree ("channel", "external_id") WHERE "status" = 'active';
