-- A customer's data rights (server/features/data-rights) and message retention (server/features/businesses/retention.ts).
-- MAU counts a contact's rows in contact_months; a row leaving contact_months (its contact erased or deleted, the
-- tenant's roll-ups rebuilt) now leaves the count too, so MAU stays the number of contacts that wrote in the month.
-- A tenant being deleted takes its counts with it (the guard keeps the cascade from writing for a deleted tenant).
CREATE FUNCTION contact_months_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO monthly_user_counts AS u (client_id, month, stripe, users)
    SELECT g.client_id, g.month, rollup_stripe(concat_ws(':', 'mau', g.client_id, g.month - date '2000-01-01')), -g.n
    FROM (SELECT o.client_id, o.month, count(*)::int AS n FROM old_rows o GROUP BY 1, 2) g
    WHERE EXISTS (SELECT 1 FROM clients c WHERE c.id = g.client_id)
  ON CONFLICT (client_id, month, stripe) DO UPDATE SET users = u.users + EXCLUDED.users;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contact_months_delete AFTER DELETE ON contact_months REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_months_removed();--> statement-breakpoint
-- Existing databases: the data-rights permission, held by each tenant's admin role (a new database is seeded with it).
INSERT INTO permissions (key, kind, name, rule_set_id, description)
  SELECT 'BACK:data_rights', 'back', 'data_rights', s.id, 'Server calls of data_rights' FROM rule_sets s
  WHERE s.key = 'backend' AND NOT EXISTS (SELECT 1 FROM permissions p WHERE p.key = 'BACK:data_rights' AND p.client_id IS NULL);--> statement-breakpoint
INSERT INTO role_permissions (role_id, permission_id)
  SELECT r.id, p.id FROM roles r JOIN permissions p ON p.key = 'BACK:data_rights' AND p.client_id IS NULL
  WHERE r.name = 'admin' AND r.system
  ON CONFLICT DO NOTHING;
