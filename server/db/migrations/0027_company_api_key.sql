-- The company sub-page custom_api: when the tenant's working API key was made, and whether the tenant
-- revoked it (then no key works until the next rotate; server/auth/principal.ts refuses it).
ALTER TABLE "clients" ADD COLUMN "api_key_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "api_key_revoked_at" timestamp with time zone;
