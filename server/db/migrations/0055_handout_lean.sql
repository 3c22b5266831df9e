-- The tenant's service-level threshold (0006 `tenant_sla_seconds`) becomes a PL/pgSQL function with the same body, as
-- 0040 did for the roll-up writers. Its body has a sub-select, so PostgreSQL never inlines it and, being a SQL
-- function, plans it again at every call: the conversation roll-up calls it for every change it counts, twice in each
-- queue hand-out (the conversation leaves the unassigned count and joins its agent's), and the planning cost 0.04 ms
-- of its 0.05 ms per call (pg_stat_statements, docs/benchmarks.md `bench:handout`). PL/pgSQL keeps the plan for the
-- session. The body is read from the catalogue, so the figure stays 0006's.
DO $$
BEGIN
  EXECUTE (
    SELECT format('CREATE OR REPLACE FUNCTION %I(%s) RETURNS integer LANGUAGE plpgsql STABLE AS %L', p.proname,
      pg_get_function_arguments(p.oid), E'BEGIN\nRETURN (' || regexp_replace(p.prosrc, '[\s;]+$', '') || E');\nEND')
    FROM pg_proc p WHERE p.oid = 'tenant_sla_seconds(integer)'::regprocedure AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'sql')
  );
END $$;
