-- Tenant rules: revoked tokens stored hashed, account-limit timestamps, the billing ledger, UAT numbers unique.
ALTER TABLE "blacklisted_tokens" ADD COLUMN "hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blacklisted_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "blacklisted_tokens" SET "hint" = left("token", 4) || '…' || right("token", 4), "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
CREATE UNIQUE INDEX "blacklisted_tokens_client_token_uq" ON "blacklisted_tokens" USING btree ("client_id", "token");--> statement-breakpoint
ALTER TABLE "account_limits" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "account_limits" SET "kind" = 'monthly_messages' WHERE "kind" = 'messages';--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE TABLE "billing_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE CASCADE,
	"amount" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"ref" text,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_ledger_amount_ck" CHECK ("amount" <> 0)
);--> statement-breakpoint
CREATE INDEX "billing_ledger_client_idx" ON "billing_ledger" USING btree ("client_id", "id");--> statement-breakpoint
INSERT INTO "billing_ledger" ("client_id", "amount", "balance_after", "reason") SELECT "id", "balance", "balance", 'Opening balance' FROM "clients" WHERE "balance" <> 0;--> statement-breakpoint
CREATE UNIQUE INDEX "uat_customers_number_uq" ON "uat_customers" USING btree ("client_id", "number");
