CREATE TABLE "scheduled_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"conversation_id" integer NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
	"contact_id" integer NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"body" text NOT NULL DEFAULT '',
	"template" jsonb,
	"send_at" timestamp with time zone NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"state" text NOT NULL DEFAULT 'scheduled',
	"message_id" integer REFERENCES "messages"("id") ON DELETE SET NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"finished_at" timestamp with time zone,
	CONSTRAINT "scheduled_sends_kind_check" CHECK ("kind" IN ('text', 'template')),
	CONSTRAINT "scheduled_sends_what_check" CHECK (("kind" = 'text' AND "body" <> '') OR ("kind" = 'template' AND "template" IS NOT NULL)),
	CONSTRAINT "scheduled_sends_state_check" CHECK ("state" IN ('scheduled', 'sent', 'cancelled', 'failed'))
);--> statement-breakpoint
CREATE INDEX "scheduled_sends_conversation_idx" ON "scheduled_sends" USING btree ("client_id", "conversation_id", "send_at");
