-- A counter has 64 stripes instead of 0038's 16. A writer holds its stripe until it commits, and the opening of a
-- conversation holds two (the conversation-status counters it leaves and joins) through the rest of its transaction:
-- the hand-out, the ticket, the message and its roll-ups. Two nodes of 10 connections each, with the job runners
-- beside them, had every stripe of a tenant's status counter in use at once and waited for stripe 0: in
-- `bench:cluster --statements` 69 waits of 234 ms on average, 16 s of the live phase's 129 s of statements. 64 is more
-- than the connections of six nodes. A reader sums a key's rows, and a key only spreads over more rows when its
-- writers really overlap, so a quiet tenant keeps one row per counter.
CREATE OR REPLACE FUNCTION rollup_stripe(counter text) RETURNS smallint LANGUAGE plpgsql VOLATILE AS $$
DECLARE k integer := hashtext(counter);
BEGIN
  FOR s IN 0..63 LOOP
    IF pg_try_advisory_xact_lock(k, s) THEN RETURN s; END IF;
  END LOOP;
  -- All 64 in use: wait for the first.
  PERFORM pg_advisory_xact_lock(k, 0);
  RETURN 0;
END $$;
