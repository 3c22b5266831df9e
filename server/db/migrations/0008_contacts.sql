-- The contact book: trigram search, tags on contacts, segment rules, reminders on a durable schedule.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- One lower-cased text of what the search box matches (name, number, attribute values), trigram indexed.
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ((lower("name" || ' ' || "number" || ' ' || "attributes"::text)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_client_id_idx" ON "contacts" USING btree ("client_id", "id");--> statement-breakpoint
CREATE INDEX "contacts_attributes_idx" ON "contacts" USING gin ("attributes" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "contacts_client_inbound_idx" ON "contacts" USING btree ("client_id", "last_inbound_at");--> statement-breakpoint
CREATE INDEX "contact_group_members_contact_idx" ON "contact_group_members" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_flags_contact_idx" ON "contact_flags" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "contact_segments_contact_idx" ON "contact_segments" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "flags" ADD COLUMN "description" text;--> statement-breakpoint
CREATE UNIQUE INDEX "flags_client_name_uq" ON "flags" USING btree ("client_id", lower("name"));--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "description" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tags_client_name_uq" ON "tags" USING btree ("client_id", lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_client_name_uq" ON "contact_groups" USING btree ("client_id", lower("name"));--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"tag_id" integer NOT NULL REFERENCES "tags"("id") ON DELETE CASCADE,
	"contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tags_pk" PRIMARY KEY ("tag_id", "contact_id")
);--> statement-breakpoint
CREATE INDEX "contact_tags_contact_idx" ON "contact_tags" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ALTER COLUMN "rules" SET DEFAULT '{"match":"all","conditions":[]}'::jsonb;--> statement-breakpoint
UPDATE "segments" SET "rules" = '{"match":"all","conditions":[]}'::jsonb WHERE NOT ("rules" ? 'conditions');--> statement-breakpoint
CREATE UNIQUE INDEX "segments_client_name_uq" ON "segments" USING btree ("client_id", lower("name"));--> statement-breakpoint
ALTER TABLE "reminders" DROP COLUMN "schedule";--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "schedule" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "target" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "last_run" jsonb;--> statement-breakpoint
ALTER TABLE "reminders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("next_run_at") WHERE "enabled" AND "next_run_at" IS NOT NULL;
