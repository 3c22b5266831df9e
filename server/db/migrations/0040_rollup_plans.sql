-- The roll-up writers that 0038 left as SQL functions become PL/pgSQL functions with the same bodies. PostgreSQL
-- plans a SQL function's body again at every call, while PL/pgSQL keeps its statements' plans for the session: the
-- conversation roll-up's writer spent 1.2 of its 1.6 ms per call planning (scripts/profile-inbound.ts), and a
-- customer's message calls it about 1.25 times. The bodies are read from the catalogue, so they stay 0038's.
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOREACH f IN ARRAY ARRAY[
    'conversation_rollups_add(integer, conversations[])',
    'message_rollups_stripe_add(jsonb)',
    'call_rollups_add(integer, call_records[])',
    'call_record_days_stripe_add(integer, call_records[])'
  ]::regprocedure[] LOOP
    EXECUTE (
      SELECT format('CREATE OR REPLACE FUNCTION %I(%s) RETURNS void LANGUAGE plpgsql AS %L', p.proname,
        pg_get_function_arguments(p.oid), E'BEGIN\n' || regexp_replace(p.prosrc, '[\s;]+$', '') || E';\nEND')
      FROM pg_proc p WHERE p.oid = f AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'sql')
    );
  END LOOP;
END $$;
