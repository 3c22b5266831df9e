-- OTP: OTP users linked to the console user they log in as; codes kept as an HMAC for verifying and sealed
-- (AES-GCM) for showing once they can no longer be used; tries, death, redemption; the tenant's OTP login settings.
ALTER TABLE "otp_users" ADD COLUMN "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "otp_users_user_uq" ON "otp_users" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "code_hmac" text;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "code_sealed" text;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "max_tries" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "dead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "sms_message_id" integer REFERENCES "sms_messages"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_logs" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "otp_logs_user_dt_idx" ON "otp_logs" USING btree ("otp_user_id", "dt");--> statement-breakpoint
CREATE INDEX "otp_logs_client_number_dt_idx" ON "otp_logs" USING btree ("client_id", "number", "dt");--> statement-breakpoint
CREATE TABLE "otp_settings" (
	"client_id" integer PRIMARY KEY NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"enabled" boolean DEFAULT true NOT NULL,
	"ttl_seconds" integer DEFAULT 300 NOT NULL,
	"max_tries" integer DEFAULT 5 NOT NULL,
	"cooldown_seconds" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_settings_ttl_ck" CHECK ("ttl_seconds" BETWEEN 30 AND 3600),
	CONSTRAINT "otp_settings_tries_ck" CHECK ("max_tries" BETWEEN 1 AND 10),
	CONSTRAINT "otp_settings_cooldown_ck" CHECK ("cooldown_seconds" BETWEEN 0 AND 600)
);
