-- Chat socket events through the database (server/features/chat/chat-bus.ts, chat-relay.ts): a durable chat event is
-- written in the transaction of the change that causes it; its id is the event's `seq`. The writer relays its own rows
-- right after the commit and marks them relayed; a sweeper on the job runner relays the rows a dead writer left behind
-- (unrelayed, older than a few seconds) and prunes relayed rows after an hour.
CREATE TABLE "chat_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
  "event" text NOT NULL,
  "payload" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "relayed_at" timestamp with time zone
);--> statement-breakpoint
-- The sweeper's scan: only the rows not relayed yet, oldest first (a few at most, normally none).
CREATE INDEX "chat_events_unrelayed_idx" ON "chat_events" USING btree ("id") WHERE "relayed_at" IS NULL;--> statement-breakpoint
-- The prune: relayed rows by age.
CREATE INDEX "chat_events_relayed_idx" ON "chat_events" USING btree ("relayed_at") WHERE "relayed_at" IS NOT NULL;
