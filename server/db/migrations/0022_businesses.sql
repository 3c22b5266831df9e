-- Businesses and onboarding (server/features/businesses, server/features/onboarding): a business's registration
-- review (submitted -> in_review -> approved | rejected with a reason), its profile fields, and soft deletion (purged
-- after the retention period). Existing tenants were set up by hand: they count as approved.
ALTER TABLE "clients" ADD COLUMN "onboarding_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "country_id" integer REFERENCES "countries"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clients_onboarding_idx" ON "clients" USING btree ("onboarding_status", "id");--> statement-breakpoint
CREATE TABLE "business_registrations" (
	"client_id" integer PRIMARY KEY NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"admin_username" text NOT NULL,
	"password_hash" text NOT NULL,
	"reviewed_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "business_registrations_username_uq" ON "business_registrations" USING btree ("admin_username");--> statement-breakpoint
CREATE TABLE "registration_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"attachment_id" integer NOT NULL REFERENCES "attachments"("id") ON DELETE CASCADE,
	"document_type" text NOT NULL,
	"client_id" integer REFERENCES "clients"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "registration_documents_attachment_uq" ON "registration_documents" USING btree ("attachment_id");--> statement-breakpoint
CREATE INDEX "registration_documents_client_idx" ON "registration_documents" USING btree ("client_id");
