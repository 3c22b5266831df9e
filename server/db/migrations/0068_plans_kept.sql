-- Statements a customer's message runs inside functions and triggers keep their plans for the session.
--
-- `conversation_is_test` (0025, every new conversation's test stamp) and `queue_priority_rule_of` (0052, every new or
-- re-queued conversation's queue priority) were SQL functions with a sub-select: PostgreSQL never inlines them and
-- plans a SQL function's body again at every call, 0.16–0.20 ms each for 0.01 ms of running (pg_stat_statements with
-- track_planning, `npm run profile:inbound`). They become PL/pgSQL functions with the same bodies, read from the
-- catalogue, as 0040 and 0055 did for the roll-up writers and the service level.
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOREACH f IN ARRAY ARRAY['conversation_is_test(integer)', 'queue_priority_rule_of(integer, integer, integer)']::regprocedure[] LOOP
    EXECUTE (
      SELECT format('CREATE OR REPLACE FUNCTION %I(%s) RETURNS %s LANGUAGE plpgsql STABLE AS %L', p.proname,
        pg_get_function_arguments(p.oid), pg_get_function_result(p.oid),
        E'BEGIN\nRETURN (' || regexp_replace(p.prosrc, '[\s;]+$', '') || E');\nEND')
      FROM pg_proc p WHERE p.oid = f AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'sql')
    );
  END LOOP;
END $$;
