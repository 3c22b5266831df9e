-- PBX call records: one row per call through Kamailio, read from its side (server/features/softphone/pbx-call-records.ts).
CREATE TABLE "pbx_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"call_id" text NOT NULL,
	"direction" text NOT NULL,
	"caller" text NOT NULL,
	"callee" text NOT NULL,
	"caller_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"callee_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"sip_code" integer,
	CONSTRAINT "pbx_calls_direction_ck" CHECK ("direction" IN ('internal', 'outbound', 'inbound')),
	CONSTRAINT "pbx_calls_outcome_ck" CHECK ("outcome" IN ('answered', 'busy', 'no_answer', 'failed', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "pbx_calls_call_uq" ON "pbx_calls" USING btree ("client_id", "call_id");--> statement-breakpoint
CREATE INDEX "pbx_calls_client_started_idx" ON "pbx_calls" USING btree ("client_id", "started_at");
