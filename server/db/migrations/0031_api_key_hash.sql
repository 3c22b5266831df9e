-- API keys hashed: clients keep only the SHA-256 of their key (hex, as server/auth/api-keys.ts computes it)
-- and a display hint; every key stored in clear until now is hashed here and the clear column dropped.
ALTER TABLE "clients" ADD COLUMN "api_key_hash" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "api_key_hint" text;--> statement-breakpoint
UPDATE "clients" SET "api_key_hash" = encode(sha256(convert_to("api_key", 'UTF8')), 'hex'),
  "api_key_hint" = left("api_key", 3) || '••••' || right("api_key", 4);--> statement-breakpoint
DROP INDEX IF EXISTS "clients_api_key_uq";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "api_key";--> statement-breakpoint
CREATE UNIQUE INDEX "clients_api_key_hash_uq" ON "clients" USING btree ("api_key_hash");
