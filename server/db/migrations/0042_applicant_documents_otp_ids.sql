-- A registration document belongs to the applicant whose upload token (kept as its SHA-256) uploaded it: only a
-- registration presenting that token claims it.
ALTER TABLE "registration_documents" ADD COLUMN "applicant_hash" text;
--> statement-breakpoint
CREATE INDEX "registration_documents_applicant_idx" ON "registration_documents" ("applicant_hash") WHERE "client_id" IS NULL;
--> statement-breakpoint
-- A sent code is verified by a random key, not by its row id; codes without a key cannot be verified.
ALTER TABLE "otp_logs" ADD COLUMN "public_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "otp_logs_public_id_uq" ON "otp_logs" ("public_id");
--> statement-breakpoint
-- Wrong or unknown codes answered from one address in its current window (server/features/otp/verify.ts).
CREATE TABLE "otp_verify_failures" (
  "address" text PRIMARY KEY,
  "failures" integer NOT NULL,
  "window_start" timestamptz NOT NULL
);
