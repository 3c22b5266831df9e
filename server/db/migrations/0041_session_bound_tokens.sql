-- A single-use access token belongs to the login session that minted it and dies with it (logout, a newer login, a
-- new password, a disabled account). Tokens from before have no session and are refused.
ALTER TABLE "access_tokens" ADD COLUMN "login_id" text REFERENCES "login_sessions"("id") ON DELETE CASCADE;
--> statement-breakpoint
UPDATE "access_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;
--> statement-breakpoint
-- The addresses that failed a login in the account's current run: only they wait out the account's block.
ALTER TABLE "login_throttle" ADD COLUMN "failed_from" text[] NOT NULL DEFAULT '{}';
