CREATE TABLE "transcript_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"format" text NOT NULL,
	"language" text NOT NULL DEFAULT 'en',
	"filter" jsonb NOT NULL DEFAULT '{}'::jsonb,
	"status" text NOT NULL DEFAULT 'queued',
	"total" integer NOT NULL DEFAULT 0,
	"done" integer NOT NULL DEFAULT 0,
	"attachment_id" integer REFERENCES "attachments"("id") ON DELETE SET NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"finished_at" timestamp with time zone,
	CONSTRAINT "transcript_exports_format_check" CHECK ("format" IN ('pdf', 'csv')),
	CONSTRAINT "transcript_exports_status_check" CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "transcript_exports_done_check" CHECK ("done" >= 0 AND "done" <= "total")
);--> statement-breakpoint
CREATE INDEX "transcript_exports_client_user_idx" ON "transcript_exports" USING btree ("client_id", "user_id", "id");
--> statement-breakpoint
CREATE INDEX "transcript_exports_kept_zip_idx" ON "transcript_exports" USING btree ("finished_at") WHERE "attachment_id" IS NOT NULL;
