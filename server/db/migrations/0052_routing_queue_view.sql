-- Why a waiting conversation has its priority (the agents' queue shows it): the rule of the tenant's
-- `queue_priority_rules` it meets with the highest priority (the first such in the list), or null. The priority is
-- that rule's, so the two are one definition.
CREATE FUNCTION queue_priority_rule_of(conv integer, client integer, contact integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT r.value
  FROM client_settings s
    CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(s.value) = 'array' THEN s.value ELSE '[]'::jsonb END) WITH ORDINALITY AS r(value, n)
  WHERE s.client_id = client AND s.key = 'queue_priority_rules'
    AND r.value ->> 'priority' ~ '^-?[0-9]{1,3}$' AND r.value ->> 'id' ~ '^[0-9]{1,9}$' AND (
    (r.value ->> 'kind' = 'label' AND EXISTS (SELECT 1 FROM conversation_labels cl WHERE cl.conversation_id = conv AND cl.label_id = (r.value ->> 'id')::int))
    OR (r.value ->> 'kind' = 'segment' AND EXISTS (SELECT 1 FROM contact_segments cs WHERE cs.contact_id = contact AND cs.segment_id = (r.value ->> 'id')::int))
    OR (r.value ->> 'kind' = 'flag' AND EXISTS (SELECT 1 FROM contact_flags cf WHERE cf.contact_id = contact AND cf.flag_id = (r.value ->> 'id')::int)))
  ORDER BY (r.value ->> 'priority')::int DESC, r.n
  LIMIT 1
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION queue_priority_of(conv integer, client integer, contact integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((queue_priority_rule_of(conv, client, contact) ->> 'priority')::int, 0)
$$;
--> statement-breakpoint
-- Existing databases: the agents' queue screen, held by every role that holds Ongoing Chats (a new database is seeded with it).
INSERT INTO permissions (key, kind, name, rule_set_id, description)
  SELECT 'FRONT:/apps/queue', 'front', 'routingQueue', s.id, 'Open /apps/queue' FROM rule_sets s
  WHERE s.key = 'chat' AND NOT EXISTS (SELECT 1 FROM permissions p WHERE p.key = 'FRONT:/apps/queue' AND p.client_id IS NULL);--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id)
  SELECT rp.role_id, q.id FROM role_permissions rp
    JOIN permissions o ON o.id = rp.permission_id AND o.key = 'FRONT:/apps/ongoing'
    JOIN permissions q ON q.key = 'FRONT:/apps/queue' AND q.client_id IS NULL
  ON CONFLICT DO NOTHING;
