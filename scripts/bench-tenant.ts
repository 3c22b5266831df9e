/** The benches' tenant: tenant one staffed like a contact centre (bench-cluster.ts, profile-inbound.ts). */
import pg from "pg"

/** The phone number of the benches' customer `i` of `customers` (customer i writes again as i + customers). */
export const customerNumber = (i: number, customers: number) => `+90555${String(1_000_000 + (i % customers)).slice(1)}`

/**
 * Tenant one as a staffed contact centre: `count` online agents (the agent role, agent1's password), nobody else of
 * the tenant online (so every conversation goes to a connected agent), auto-assign on with a cap no agent reaches.
 */
export const staffTenant = async (databaseUrl: string, count: number) => {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    await db.query("UPDATE users SET online = false WHERE client_id = 1")
    await db.query(
      `INSERT INTO users (client_id, role_id, username, email, password_hash, display_name, online)
       SELECT 1, (SELECT id FROM roles WHERE client_id = 1 AND name = 'agent'), 'bench-agent-' || n, 'bench-agent-' || n || '@bench.test',
         (SELECT password_hash FROM users WHERE username = 'agent1'), 'Bench agent ' || n, true
       FROM generate_series(1, $1::int) AS n`,
      [count],
    )
    await db.query(
      `INSERT INTO client_settings (client_id, key, value) VALUES (1, 'auto_assign', 'true'::jsonb), (1, 'max_chats_per_agent', '100000'::jsonb)
       ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value`,
    )
    // The planner's statistics as a running system has them (autovacuum would analyze within a minute or so): with the
    // seed's few users on record, the agent queries plan a nested loop per user (23 ms instead of 1 ms at 1,000), and
    // with the seed's few agent_loads rows the hand-out sorts all 1,000 instead of reading the first of its index
    // (1.5 ms instead of 0.1 ms per hand-out).
    await db.query("ANALYZE users, agent_loads")
  } finally {
    await db.end()
  }
}
