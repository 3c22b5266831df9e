-- When each agent was last rung for a voice call (features/calls/call-takers.ts): a tenant that rings a few agents at
-- a time (its call setting `ring_at_once`) rings those rung longest ago first, so the calls go round its agents. Written
-- only for such tenants; an agent never rung has no row and comes first.
CREATE TABLE "agent_ring_turns" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "rung_at" timestamp with time zone NOT NULL
);
