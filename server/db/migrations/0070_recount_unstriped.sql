-- A writer of many counter rows in one transaction takes none of the stripes' locks.
--
-- `rollup_stripe` (0038, 0066) takes an advisory lock per counter row it writes, so that concurrent writers of one key
-- spread over its stripes. A recount (`dashboard_rebuild`: a new time zone or service level, a UAT number moved) or a
-- flush after a bulk insert writes thousands of rows in one transaction, and their hour rows took one lock each: a
-- tenant with a few months of messages filled the lock table ("out of shared memory", max_locks_per_transaction), so
-- its time zone could not be changed. Those two hold the flush lock, so no other writer of the message and
-- conversation counters runs beside them: their rows go to stripe 0, serialized by the row's own lock as any upsert,
-- which is all a stripe's lock ever added.
CREATE OR REPLACE FUNCTION rollup_stripe(counter text) RETURNS smallint LANGUAGE plpgsql VOLATILE AS $$
DECLARE k integer;
BEGIN
  IF current_setting('rollups.unstriped', true) = 'on' THEN RETURN 0; END IF;
  k := hashtext(counter);
  FOR s IN 0..63 LOOP
    IF pg_try_advisory_xact_lock(k, s) THEN RETURN s; END IF;
  END LOOP;
  -- All 64 in use: wait for the first.
  PERFORM pg_advisory_xact_lock(k, 0);
  RETURN 0;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollups_flush(wait boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF wait THEN PERFORM pg_advisory_xact_lock(hashtext('rollups_flush'));
  ELSIF NOT pg_try_advisory_xact_lock(hashtext('rollups_flush')) THEN RETURN;
  END IF;
  PERFORM set_config('rollups.unstriped', 'on', true);
  PERFORM message_rollups_flush();
  PERFORM contact_months_flush();
  PERFORM conversation_rollups_flush();
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_rebuild(client integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE rows conversations[]; msgs messages[]; calls call_records[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('rollups_flush'));
  PERFORM set_config('rollups.unstriped', 'on', true);
  DELETE FROM message_rollup_deltas WHERE client IS NULL OR client_id = client;
  DELETE FROM contact_month_deltas WHERE client IS NULL OR client_id = client;
  DELETE FROM conversation_rollup_deltas WHERE client IS NULL OR client_id = client;
  DELETE FROM conversation_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM message_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM call_rollups WHERE client IS NULL OR client_id = client;
  DELETE FROM contact_months WHERE client IS NULL OR client_id = client;
  DELETE FROM monthly_user_counts WHERE client IS NULL OR client_id = client;
  UPDATE conversations c SET messages_in = 0, messages_out = 0, agent_messages = 0, first_inbound_at = NULL, first_response_at = NULL
    WHERE client IS NULL OR c.client_id = client;
  SELECT array_agg(m) INTO msgs FROM messages m WHERE client IS NULL OR m.client_id = client;
  IF msgs IS NOT NULL THEN PERFORM message_rollups_add(1, msgs); END IF;
  -- The conversations' updates above appended their moves as deltas (0006 deleted them from the counters here): the
  -- counters are written whole below.
  DELETE FROM conversation_rollup_deltas WHERE client IS NULL OR client_id = client;
  SELECT array_agg(c) INTO rows FROM conversations c WHERE client IS NULL OR c.client_id = client;
  IF rows IS NOT NULL THEN PERFORM conversation_rollups_add(1, rows); END IF;
  SELECT array_agg(r) INTO calls FROM call_records r WHERE client IS NULL OR r.client_id = client;
  IF calls IS NOT NULL THEN PERFORM call_rollups_add(1, calls); END IF;
END $$;
