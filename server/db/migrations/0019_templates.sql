-- WhatsApp templates with approval (server/features/templates): examples, the channel's verdict and reason, when it
-- last changed; agents a template is assigned to; the price of one template message per category (the super admin's
-- table; these are the platform's starting prices, changed with templateTools.templatePriceSet); why a number joined
-- the opt-out blacklist; the API-key template sends a tenant (or one agent, or for one template) may make a day and a month.
ALTER TABLE "templates" ADD COLUMN "header_example" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "body_examples" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TABLE "template_assignments" (
	"template_id" integer NOT NULL REFERENCES "templates"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	CONSTRAINT "template_assignments_pk" PRIMARY KEY ("template_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "template_assignments_user_idx" ON "template_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "template_prices" (
	"category" text PRIMARY KEY NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "template_prices" ("category", "price") VALUES ('MARKETING', 0.05), ('UTILITY', 0.02), ('AUTHENTICATION', 0.02);--> statement-breakpoint
ALTER TABLE "template_blacklist" ADD COLUMN "reason" text;
--> statement-breakpoint
CREATE TABLE "request_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"agent_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
	"template_name" text,
	"daily_limit" integer NOT NULL,
	"monthly_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "request_limits_scope_uq" ON "request_limits" USING btree ("client_id", coalesce("agent_id", 0), coalesce("template_name", ''));
--> statement-breakpoint
ALTER TABLE "conversation_templates" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_templates" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
