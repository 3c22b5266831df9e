-- Agent groups and team chat: each member's role and read mark, read marks of one-to-one threads, thread indexes,
-- and one group name per tenant whatever its case (server/features/agent-groups).
ALTER TABLE "agent_group_members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_group_members" ADD COLUMN "last_read_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_group_members" ADD COLUMN "joined_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_group_members" ADD CONSTRAINT "agent_group_members_role_ck" CHECK ("role" IN ('owner', 'member'));--> statement-breakpoint
CREATE INDEX "agent_group_members_user_idx" ON "agent_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "direct_read_marks" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"peer_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "direct_read_marks_pk" PRIMARY KEY ("user_id", "peer_id")
);--> statement-breakpoint
CREATE INDEX "group_messages_thread_idx" ON "group_messages" USING btree ("group_id", "id");--> statement-breakpoint
CREATE INDEX "group_messages_direct_idx" ON "group_messages" USING btree ("to_user_id", "from_user_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_groups_client_name_uq" ON "agent_groups" USING btree ("client_id", lower("name"));
