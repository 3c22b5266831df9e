/**
 * What PostgreSQL executed since pg_stat_statements was last reset, for the benchmarks that load a server with
 * `startPostgres({ statements: true })` (profile-inbound.ts, bench-cluster.ts): the totals of the statements a server
 * sent, and the statements that took longest in all, those run inside functions and triggers included. Time executing
 * counts time waiting for a lock.
 */

/** Runs one statement and answers its rows: a pg client's or the server's own `query`. */
export type Query = (text: string) => Promise<{ rows: any[] }>

/** Empties the counters (creating the extension in the database on its first use). */
export const resetStatements = async (query: Query) => {
  await query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
  await query("SELECT pg_stat_statements_reset()")
}

/**
 * The statements the server sent (BEGIN and COMMIT included), their time executing, and of it the JIT compiling; and
 * the time planning them (a statement sent unnamed is planned at every call; a named one keeps its plan).
 */
export const statementTotals = async (query: Query) => {
  const [total] = (
    await query(`SELECT sum(calls) FILTER (WHERE toplevel)::bigint AS statements, sum(total_exec_time) FILTER (WHERE toplevel) AS ms,
        sum(total_plan_time) FILTER (WHERE toplevel) AS plan_ms,
        sum(jit_generation_time + jit_inlining_time + jit_optimization_time + jit_emission_time) AS jit_ms
      FROM pg_stat_statements`)
  ).rows
  return { statements: Number(total.statements), ms: Number(total.ms), planMs: Number(total.plan_ms), jitMs: Number(total.jit_ms) }
}

/**
 * Prints the `limit` statements that took longest in all, executing and planning: calls, total ms executing, ms a call,
 * ms planning a call; "T" sent by the server, "-" run inside another.
 */
export const printTopStatements = async (query: Query, limit: number) => {
  console.log("   calls   total ms  ms/call  plan/call  statement (T: sent by the server; -: inside a function or trigger)")
  const { rows } = await query(`SELECT calls, round(total_exec_time::numeric) AS ms, round((total_exec_time / calls)::numeric, 3) AS per,
      round((total_plan_time / calls)::numeric, 3) AS plan, toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS text
    FROM pg_stat_statements WHERE calls > 0 ORDER BY total_exec_time + total_plan_time DESC LIMIT ${Math.trunc(limit)}`)
  for (const r of rows)
    console.log(
      `${String(r.calls).padStart(8)} ${String(r.ms).padStart(10)} ${String(r.per).padStart(8)} ${String(r.plan).padStart(10)}  ${r.toplevel ? "T" : "-"} ${r.text}`,
    )
}
