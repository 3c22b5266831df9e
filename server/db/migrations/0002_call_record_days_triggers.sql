-- Keeps call_record_days (calls per tenant, UTC day and type) in step with call_records, one statement at a time:
-- statement-level triggers with transition tables, so a 10,000-row bulk insert costs one grouped upsert.
CREATE FUNCTION call_record_days_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO call_record_days (client_id, day, call_type, calls)
    SELECT client_id, (dt AT TIME ZONE 'UTC')::date, call_type, count(*)::int FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (client_id, day, call_type) DO UPDATE SET calls = call_record_days.calls + EXCLUDED.calls;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION call_record_days_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_record_days d SET calls = d.calls - o.n
    FROM (SELECT client_id, (dt AT TIME ZONE 'UTC')::date AS day, call_type, count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE d.client_id = o.client_id AND d.day = o.day AND d.call_type = o.call_type;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION call_record_days_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE call_record_days d SET calls = d.calls - o.n
    FROM (SELECT client_id, (dt AT TIME ZONE 'UTC')::date AS day, call_type, count(*)::int AS n FROM old_rows GROUP BY 1, 2, 3) o
    WHERE d.client_id = o.client_id AND d.day = o.day AND d.call_type = o.call_type;
  INSERT INTO call_record_days (client_id, day, call_type, calls)
    SELECT client_id, (dt AT TIME ZONE 'UTC')::date, call_type, count(*)::int FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (client_id, day, call_type) DO UPDATE SET calls = call_record_days.calls + EXCLUDED.calls;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION call_record_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM call_record_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER call_records_days_insert AFTER INSERT ON call_records REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_record_days_add();
--> statement-breakpoint
CREATE TRIGGER call_records_days_delete AFTER DELETE ON call_records REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_record_days_remove();
--> statement-breakpoint
CREATE TRIGGER call_records_days_update AFTER UPDATE ON call_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION call_record_days_move();
--> statement-breakpoint
CREATE TRIGGER call_records_days_truncate AFTER TRUNCATE ON call_records
  FOR EACH STATEMENT EXECUTE FUNCTION call_record_days_clear();
--> statement-breakpoint
INSERT INTO call_record_days (client_id, day, call_type, calls)
  SELECT client_id, (dt AT TIME ZONE 'UTC')::date, call_type, count(*)::int FROM call_records GROUP BY 1, 2, 3;
