-- Campaigns on the job queue (server/features/campaigns): recipient lists (numbers with their parameters, built from
-- contacts, groups, segments, a CSV or typed numbers), the campaign's template, list, parameter sources, send rate,
-- status reason and run generation; one campaign_recipients row per number (unique per campaign) with the message it
-- became and the channel's statuses.
CREATE TABLE "recipient_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"source" text DEFAULT 'numbers' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "recipient_lists_client_idx" ON "recipient_lists" USING btree ("client_id", "created_at");--> statement-breakpoint
CREATE TABLE "recipient_list_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL REFERENCES "recipient_lists"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"number" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_list_numbers_uq" ON "recipient_list_numbers" USING btree ("list_id", "number");--> statement-breakpoint
CREATE INDEX "recipient_list_numbers_client_idx" ON "recipient_list_numbers" USING btree ("client_id", "id");--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "template_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipient_list_id" integer REFERENCES "recipient_lists"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "rate_per_second" integer DEFAULT 80;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "params" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "param_sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "header_value" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "run_gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status", "scheduled_at");--> statement-breakpoint
ALTER TABLE "campaign_recipients" ALTER COLUMN "params" SET DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_number_uq" ON "campaign_recipients" USING btree ("campaign_id", "number");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign_status_idx" ON "campaign_recipients" USING btree ("campaign_id", "status");--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id") WHERE "message_id" IS NOT NULL;
