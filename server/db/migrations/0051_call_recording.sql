-- Call recording (server/features/calls/recording-*.ts): one recording per answered call whose tenant records calls,
-- an Ogg Opus file of two channels (the customer, and what the customer heard: the agent, the announcement, the hold
-- tone), kept beside its call record until `expires_at` (the tenant's retention), when the `calls.recordings`
-- schedule deletes it. The bytes live in the row, as uploads' do (attachment_files), and go with the tenant.
CREATE TABLE "call_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"call_id" text NOT NULL REFERENCES "call_records"("call_id") ON DELETE CASCADE,
	"duration_ms" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "call_recordings_call_uq" ON "call_recordings" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "call_recordings_expiry_idx" ON "call_recordings" USING btree ("expires_at");--> statement-breakpoint
-- Existing databases: the permission to listen, held by each tenant's admin role (a new database is seeded with it).
INSERT INTO permissions (key, kind, name, rule_set_id, description)
  SELECT 'BACK:call_recordings', 'back', 'call_recordings', s.id, 'Server calls of call_recordings' FROM rule_sets s
  WHERE s.key = 'backend' AND NOT EXISTS (SELECT 1 FROM permissions p WHERE p.key = 'BACK:call_recordings' AND p.client_id IS NULL);--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id)
  SELECT r.id, p.id FROM roles r JOIN permissions p ON p.key = 'BACK:call_recordings' AND p.client_id IS NULL
  WHERE r.name = 'admin' AND r.system
  ON CONFLICT DO NOTHING;
