-- PBX calls are recorded too (server/features/softphone/pbx-recording.ts): a recording belongs to a WhatsApp call
-- record (call_id) or to a PBX call (pbx_call_id), exactly one of them, and goes with it.
ALTER TABLE "call_recordings" ALTER COLUMN "call_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD COLUMN "pbx_call_id" integer REFERENCES "pbx_calls"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "call_recordings" ADD CONSTRAINT "call_recordings_one_call_ck" CHECK (("call_id" IS NULL) <> ("pbx_call_id" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "call_recordings_pbx_call_uq" ON "call_recordings" USING btree ("pbx_call_id");
