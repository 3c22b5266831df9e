/**
 * Random platform activity written straight into the database (businesses in every state, their messages and call
 * records inside and outside the activity window, balances, sender masks, queued jobs and node leases, agents going on
 * and off line), and the naive reference every figure of the platform overview is compared with: counts made in
 * JavaScript from the raw rows.
 */
import fc from "fast-check"
import { expect } from "vitest"
import type { Database } from "../../db/db"

const DAY = 86_400_000

const businessArb = fc.record({
  status: fc.constantFrom("active", "active", "disabled", "pending", "rejected"),
  onboarding: fc.constantFrom("approved", "approved", "submitted", "in_review", "rejected"),
  deleted: fc.constantFrom(false, false, false, true),
  balanceCents: fc.integer({ min: -50_000, max: 500_000 }),
  /** Whole days ago, each at midday between two days, so no row sits on the window's edge. */
  messageAges: fc.array(fc.integer({ min: 0, max: 45 }), { maxLength: 12 }),
  callAges: fc.array(fc.integer({ min: 0, max: 45 }), { maxLength: 6 }),
  /** Sender names, on the business's SMS account or on none (then no list shows them). */
  masks: fc.array(fc.record({ status: fc.constantFrom("pending", "approved", "rejected"), onAccount: fc.boolean() }), { maxLength: 3 }),
})

/** Seconds from now, at least a minute away, so nothing falls due between the call and the reference. */
const awayFromNow = (max: number) => fc.tuple(fc.boolean(), fc.integer({ min: 60, max })).map(([past, s]) => (past ? -s : s))

export const activityArb = fc.record({
  businesses: fc.array(businessArb, { minLength: 1, maxLength: 5 }),
  /** Seconds from now of queued jobs (negative: due and waiting). */
  jobs: fc.array(awayFromNow(7200), { maxLength: 5 }),
  /** Seconds from now of node leases (negative: expired). */
  leases: fc.array(awayFromNow(600), { maxLength: 3 }),
  /** The seed's users set on or off line, by position. */
  online: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
})
export type Activity = typeof activityArb extends fc.Arbitrary<infer T> ? T : never

const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY - DAY / 2).toISOString()

export const writeActivity = async (db: Database, activity: Activity, tag: string) => {
  const [gateway] = (await db.query("INSERT INTO sms_providers (name) VALUES ($1) RETURNING id", [`Platform test ${tag}`])).rows
  for (const [i, b] of activity.businesses.entries()) {
    const name = `Platform ${tag}-${i}`
    const [client] = (
      await db.query(
        `INSERT INTO clients (name, email, status, onboarding_status, balance, deleted_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          name,
          `p${tag}-${i}@example.com`,
          b.status,
          b.onboarding,
          (b.balanceCents / 100).toFixed(2),
          b.deleted ? new Date().toISOString() : null,
        ],
      )
    ).rows
    const clientId = Number(client.id)
    const [contact] = (
      await db.query("INSERT INTO contacts (client_id, name, number) VALUES ($1, 'Customer', $2) RETURNING id", [
        clientId,
        `90555${tag}${i}`,
      ])
    ).rows
    const [conversation] = (
      await db.query(
        "INSERT INTO conversations (client_id, contact_id, channel, status) VALUES ($1, $2, 'whatsapp', 'closed') RETURNING id",
        [clientId, contact.id],
      )
    ).rows
    for (const [j, age] of b.messageAges.entries())
      await db.query(
        "INSERT INTO messages (client_id, conversation_id, direction, type, body, status, dt) VALUES ($1, $2, $3, 'text', 'Hi', $4, $5)",
        [clientId, conversation.id, j % 2 ? "out" : "in", j % 2 ? "sent" : "received", at(age)],
      )
    for (const [j, age] of b.callAges.entries())
      await db.query(
        `INSERT INTO call_records (call_id, client_id, name, number, call_type, status, start_time, end_time, dt)
         VALUES ($1, $2, 'Customer', '90555', 'incoming', 'completed', $3, $3, $3)`,
        [`platform-${tag}-${i}-${j}`, clientId, at(age)],
      )
    if (b.masks.length === 0) continue
    const [account] = (
      await db.query("INSERT INTO sms_clients (client_id, provider_id, username) VALUES ($1, $2, 'platform-test') RETURNING id", [
        clientId,
        gateway.id,
      ])
    ).rows
    for (const [j, mask] of b.masks.entries())
      await db.query("INSERT INTO sms_maskings (client_id, sms_client_id, mask, status) VALUES ($1, $2, $3, $4)", [
        clientId,
        mask.onAccount ? account.id : null,
        `MASK${j}`,
        mask.status,
      ])
  }
  for (const [i, seconds] of activity.jobs.entries())
    await db.query("INSERT INTO jobs (kind, run_at, idempotency_key) VALUES ('platform-test', $1, $2)", [
      new Date(Date.now() + seconds * 1000).toISOString(),
      `platform-test:${tag}:${i}`,
    ])
  for (const [i, seconds] of activity.leases.entries())
    await db.query("INSERT INTO call_nodes (node_id, lease_until) VALUES ($1, $2)", [
      `platform-test-${tag}-${i}`,
      new Date(Date.now() + seconds * 1000).toISOString(),
    ])
  const users = (await db.query("SELECT id FROM users WHERE NOT super_admin ORDER BY id")).rows
  for (const [i, user] of users.entries()) await db.query("UPDATE users SET online = $1 WHERE id = $2", [activity.online[i % 6], user.id])
}

/** Takes the test's rows out again, so the file's other tests see the world they expect. */
export const clearActivity = async (db: Database) => {
  // The roll-up triggers take each row out of its business's figures, so the rows go before their business.
  const mine = "client_id IN (SELECT id FROM clients WHERE name LIKE 'Platform %')"
  for (const table of ["call_records", "messages", "conversations", "contacts", "sms_maskings", "sms_clients"])
    await db.query(`DELETE FROM ${table} WHERE ${mine}`)
  await db.query("DELETE FROM clients WHERE name LIKE 'Platform %'")
  await db.query("DELETE FROM sms_providers WHERE name LIKE 'Platform test %'")
  await db.query("DELETE FROM jobs WHERE kind = 'platform-test'")
  await db.query("DELETE FROM call_nodes WHERE node_id LIKE 'platform-test-%'")
}

const rowsOf = async (db: Database, text: string) => (await db.query(text)).rows as Record<string, unknown>[]
const count = (rows: readonly Record<string, unknown>[], f: (r: Record<string, unknown>) => boolean) => rows.filter(f).length
const time = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)))

/** The overview's figures recomputed from every raw row involved. */
export const referenceOf = async (db: Database) => {
  const now = Date.now()
  const since = now - 30 * DAY
  const clients = (await rowsOf(db, "SELECT * FROM clients")).filter((c) => c.platform !== true && c.deleted_at === null)
  const messages = await rowsOf(db, "SELECT client_id, dt FROM messages")
  const calls = await rowsOf(db, "SELECT client_id, dt FROM call_records")
  const users = await rowsOf(db, "SELECT id, client_id, role_id, status, online FROM users")
  const roles = await rowsOf(db, "SELECT id, client_id FROM roles")
  const grants = await rowsOf(db, "SELECT rp.role_id, p.key FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id")
  const masks = await rowsOf(db, "SELECT status, sms_client_id FROM sms_maskings")
  const jobs = await rowsOf(db, "SELECT status, run_at FROM jobs")
  const nodes = await rowsOf(db, "SELECT lease_until FROM call_nodes")
  const chatRoles = new Set(
    roles.filter((r) => grants.some((g) => g.role_id === r.id && g.key === "BACK:chat")).map((r) => `${r.client_id}:${r.id}`),
  )
  const activity = new Map(
    clients.map((c) => {
      const mine = (r: Record<string, unknown>) => Number(r.client_id) === Number(c.id) && time(r.dt) >= since
      const online = count(
        users,
        (u) => Number(u.client_id) === Number(c.id) && u.status === "active" && u.online === true && chatRoles.has(`${c.id}:${u.role_id}`),
      )
      return [Number(c.id), { messages: count(messages, mine), calls: count(calls, mine), agents_online: online }] as const
    }),
  )
  const due = jobs.filter((j) => j.status === "queued" && time(j.run_at) <= now)
  return {
    businesses: {
      total: clients.length,
      active: count(clients, (c) => c.status === "active"),
      inactive: count(clients, (c) => c.status !== "active"),
    },
    pending: count(clients, (c) => c.onboarding_status === "submitted" || c.onboarding_status === "in_review"),
    masks: count(masks, (m) => m.status === "pending" && m.sms_client_id !== null),
    activity,
    balances: new Map(clients.map((c) => [Number(c.id), Math.round(Number(c.balance) * 100)])),
    queueDepth: due.length,
    oldestSeconds: due.length ? Math.floor((now - Math.min(...due.map((j) => time(j.run_at)))) / 1000) : null,
    nodes: count(nodes, (n) => time(n.lease_until) >= now),
  }
}

type Overview = import("../../../src/contract/groups/platform").PlatformOverview

export const expectOverview = (got: Overview, ref: Awaited<ReturnType<typeof referenceOf>>) => {
  expect(got.businesses).toEqual(ref.businesses)
  expect(got.pending_registrations).toBe(ref.pending)
  expect(got.masks_awaiting_approval).toBe(ref.masks)
  // The most active: each business's figures are its own, and no business left out was busier (ties in any order).
  for (const b of got.most_active) {
    const own = ref.activity.get(b.client_id)
    expect({ messages: b.messages, calls: b.calls, agents_online: b.agents_online }, `business ${b.client_id}`).toEqual(own)
  }
  const busiest = [...ref.activity.values()].map((a) => a.messages + a.calls).sort((x, y) => y - x)
  expect(got.most_active.map((b) => b.messages + b.calls)).toEqual(busiest.slice(0, got.most_active.length))
  expect(got.most_active.length).toBe(Math.min(8, ref.activity.size))
  const lowest = [...ref.balances.values()].sort((x, y) => x - y)
  expect(got.lowest_balances.map((b) => Math.round(Number(b.balance) * 100))).toEqual(lowest.slice(0, got.lowest_balances.length))
  for (const b of got.lowest_balances) expect(Math.round(Number(b.balance) * 100)).toBe(ref.balances.get(b.client_id))
  expect(got.lowest_balances.length).toBe(Math.min(8, ref.balances.size))
  expect(got.health).toMatchObject({ database: true, redis: null, queue_depth: ref.queueDepth, nodes: ref.nodes })
  if (ref.oldestSeconds === null) expect(got.health.oldest_job_seconds).toBeNull()
  else expect(Math.abs((got.health.oldest_job_seconds ?? -99) - ref.oldestSeconds)).toBeLessThanOrEqual(2)
}
