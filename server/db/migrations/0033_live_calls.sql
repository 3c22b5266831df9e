-- Voice calls across server processes: what a ringing or answered call needs beyond its call record, readable by every
-- node (the record keeps status, who accepted and when), and each node's lease (a node whose lease ran out carries no
-- media any more: its answered calls are ended by any other node).
CREATE TABLE "live_calls" (
	"call_id" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"channel" text NOT NULL,
	"owner_node" text,
	"agent_socket" text,
	"declined" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ring_ends_at" timestamp with time zone,
	"meta_offer" text,
	"meta_number_id" text,
	"emitted_at" bigint,
	CONSTRAINT "live_calls_channel_ck" CHECK ("channel" IN ('simulator', 'meta'))
);
--> statement-breakpoint
ALTER TABLE "live_calls" ADD CONSTRAINT "live_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."call_records"("call_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_calls" ADD CONSTRAINT "live_calls_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_calls_owner_idx" ON "live_calls" USING btree ("owner_node");
--> statement-breakpoint
CREATE TABLE "call_nodes" (
	"node_id" text PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
