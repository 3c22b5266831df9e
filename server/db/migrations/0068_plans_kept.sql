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
END $$;--> statement-breakpoint
-- The two roll-up writers every message and opening runs (0067) keep one plan per session for their statements.
-- PL/pgSQL planned them again for each call, for the rows at hand (a custom plan: the statements take the rows as an
-- array parameter, whose generic plan the planner estimates dearer); the plan is the same for the one or few rows a
-- statement stores. `profile:inbound`: the messages' writer 1.17–1.19 → 0.85–0.97 ms a call.
ALTER FUNCTION message_rollups_add(integer, messages[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION conversation_rollups_move(conversations[], conversations[]) SET plan_cache_mode = force_generic_plan;
