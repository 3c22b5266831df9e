-- Auto-reply chatbots (server/features/chatbots): a bot's trigger (type in "trigger", the whole rule in "trigger_rule"),
-- channel, flow (the former "reply" column), the agent whose away message it is, when it last changed; one bot state
-- per conversation (the node it waits at, the answers it captured, the last inbound message it handled); the away
-- messages already sent per conversation; who sent an outbound message ("bot" for the bots' messages).
ALTER TABLE "autoreplies" RENAME COLUMN "reply" TO "flow";--> statement-breakpoint
ALTER TABLE "autoreplies" ADD COLUMN "trigger_rule" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "autoreplies" ADD COLUMN "channel" text DEFAULT 'whatsapp' NOT NULL;--> statement-breakpoint
ALTER TABLE "autoreplies" ADD COLUMN "owner_id" integer REFERENCES "users"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "autoreplies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "autoreplies_client_active_idx" ON "autoreplies" USING btree ("client_id", "channel") WHERE "active";--> statement-breakpoint
CREATE TABLE "chatbot_sessions" (
	"conversation_id" integer PRIMARY KEY NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"autoreply_id" integer NOT NULL REFERENCES "autoreplies"("id") ON DELETE CASCADE,
	"state" jsonb NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "chatbot_sessions_autoreply_idx" ON "chatbot_sessions" USING btree ("autoreply_id");--> statement-breakpoint
CREATE TABLE "chatbot_away_replies" (
	"conversation_id" integer NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
	"autoreply_id" integer NOT NULL REFERENCES "autoreplies"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"dt" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_away_replies_pk" PRIMARY KEY ("conversation_id", "autoreply_id")
);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_kind" text;
