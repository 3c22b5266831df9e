-- SLA policies (server/features/sla): targets per priority, channel or segment; the targets each conversation
-- started, with when they were due, met, breached or near breach; and the conversation's priority.
CREATE TABLE sla_policies (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  name text NOT NULL,
  priority text CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  channel text,
  segment_id integer REFERENCES segments(id) ON DELETE CASCADE,
  first_response_seconds integer CHECK (first_response_seconds > 0),
  next_response_seconds integer CHECK (next_response_seconds > 0),
  resolution_seconds integer CHECK (resolution_seconds > 0),
  near_percent integer NOT NULL DEFAULT 80 CHECK (near_percent BETWEEN 10 AND 99),
  near_actions jsonb NOT NULL DEFAULT '[]',
  breach_actions jsonb NOT NULL DEFAULT '[]',
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX sla_policies_client_idx ON sla_policies (client_id, id);
--> statement-breakpoint
CREATE TABLE sla_priorities (
  conversation_id integer PRIMARY KEY REFERENCES conversations(id) ON DELETE CASCADE,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  priority text NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent'))
);
--> statement-breakpoint
CREATE TABLE sla_targets (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  conversation_id integer NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  policy_id integer REFERENCES sla_policies(id) ON DELETE SET NULL,
  policy_name text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('first_response', 'next_response', 'resolution')),
  started_at timestamptz NOT NULL,
  target_seconds integer NOT NULL,
  due_at timestamptz,
  near_due_at timestamptz,
  met_at timestamptz,
  near_at timestamptz,
  breached_at timestamptz,
  agent_id integer REFERENCES users(id) ON DELETE SET NULL,
  channel text NOT NULL,
  UNIQUE (conversation_id, metric, started_at)
);
--> statement-breakpoint
CREATE INDEX sla_targets_client_started_idx ON sla_targets (client_id, started_at);
