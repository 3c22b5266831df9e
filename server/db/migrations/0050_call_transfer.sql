-- Voice capacity and transfer. `rung`: the agents a ringing call was offered to (call-takers.ts decides who), so its
-- removal and "everyone declined" concern them alone. `transfer`: the blind transfer a held call waits on (who sent it,
-- where, who it rings, who declined, its number in call_transfers), null otherwise. call_transfers is the call's record
-- of its transfers: who sent it to whom and how it ended (taken by whom, or not taken).
ALTER TABLE "live_calls" ADD COLUMN "rung" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "live_calls" ADD COLUMN "transfer" jsonb;--> statement-breakpoint
CREATE TABLE "call_transfers" (
  "id" serial PRIMARY KEY NOT NULL,
  "call_id" text NOT NULL REFERENCES "call_records"("call_id") ON DELETE CASCADE,
  "client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
  "from_user" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "to_user" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "to_group" integer REFERENCES "agent_groups"("id") ON DELETE SET NULL,
  "target_name" text NOT NULL,
  "taken_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "outcome" text DEFAULT 'ringing' NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone,
  CONSTRAINT "call_transfers_outcome_ck" CHECK ("outcome" IN ('ringing', 'taken', 'not_taken', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "call_transfers_call_idx" ON "call_transfers" ("call_id");
