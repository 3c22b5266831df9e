-- A customer's call that found every online agent busy waits in the agents' queue (features/calls/call-waiting.ts):
-- when it joined it, the order calls are served in (first in, first out). Null for a call rung at once.
ALTER TABLE live_calls ADD COLUMN queued_at timestamptz;--> statement-breakpoint
CREATE INDEX live_calls_queued_idx ON live_calls (client_id, queued_at) WHERE queued_at IS NOT NULL;
