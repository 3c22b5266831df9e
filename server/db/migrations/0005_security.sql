-- Security hardening. Hand-written like 0003 and 0004 (their snapshots were never generated).
-- Canned shortcuts: a shared one is unique in the tenant, a private one only among its author's replies, so one agent's
-- private shortcut neither blocks nor reveals another's.
DROP INDEX IF EXISTS "canned_messages_shortcut_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "canned_messages_shared_shortcut_uq" ON "canned_messages" USING btree ("client_id", (ltrim("shortcut", '/'))) WHERE "shortcut" IS NOT NULL AND "shared";--> statement-breakpoint
CREATE UNIQUE INDEX "canned_messages_private_shortcut_uq" ON "canned_messages" USING btree ("client_id", "created_by", (ltrim("shortcut", '/'))) WHERE "shortcut" IS NOT NULL AND NOT "shared";--> statement-breakpoint
-- Failed logins per typed username, shared by every server process (auth/login-throttle.ts).
CREATE TABLE "login_throttle" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
