/**
 * Security suite, tenant isolation under random payloads: tenant two's admin calls every implemented route with
 * payloads aimed at tenant one (its row ids of every table, its customers' numbers and ticket numbers, its tenant id,
 * its login sessions) mixed with values their schemas accept. No answer is a 5xx or shows tenant one's data (every
 * name and title of tenant one carries a marker, and secrets are planted in its rows), and tenant one's
 * console reads the same before and after. A later feature that forgets `tenantOf(ctx)` fails here: its table's ids
 * join the pool by themselves (server/testing/fixtures.ts `tenantHandlesOf`).
 */
import { randomUUID } from "node:crypto"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { allCalls } from "../../src/contract/catalogue"
import { nowSeconds, signJwt } from "../auth/jwt"
import { roleKeys } from "../auth/role-keys"
import { loginSessions } from "../db/schema/identity"
import { loadFeatures } from "../features/load"
import { CREDENTIAL_CALLS, markTenant, payloadAgainst, tenantHandlesOf } from "../testing/fixtures"
import { DB_KINDS, as, callOf, devFetch, login, send, useServer } from "../testing/harness"

const RUNS = Number(process.env.ISOLATION_FUZZ_RUNS ?? 8)
const MARKERS = ["T1SECRET", "acme.example", "Acme Retail"]
/** The groups whose calls can change a tenant's roles, their grants or who holds them. */
const ROLE_GROUPS = new Set(["roles", "permissions", "users"])

/** What tenant one's admin sees on the screens that list its data (presence flags move with logins: left out). */
const VIEWS = [
  callOf("roles", "fetchListRoles"),
  callOf("users", "fetchListUsers"),
  callOf("permissions", "fetchListPermissions"),
  callOf("auth", "sessionFetch"),
  callOf("users", "clientMeta"),
  callOf("cannedMessages", "fetchListCannedMessages"),
  callOf("tagging", "labels"),
  callOf("chat", "agentUnassignedConversations"),
  callOf("chat", "agentConversationsOngoing"),
  callOf("tickets", "activeTickets"),
  callOf("complaints", "activeComplaints"),
]

describe.each(DB_KINDS)("another tenant's ids on %s", (kind) => {
  const ctx = useServer(kind)

  it("no implemented call lets tenant two read, change or name tenant one's rows", async () => {
    const { database } = ctx.server.services
    const admin = await login(ctx.url, "admin")
    const h = as(admin.user_token)
    // Secrets of tenant one in the rows tenant two will aim at.
    const permission = await send(ctx.url, callOf("permissions", "permissionsCreate"), { key: "BACK:t1secret", name: "T1SECRET perm" }, h)
    await send(ctx.url, callOf("roles", "rolesCreate"), { name: "T1SECRET role", permission_ids: [permission.body.data.permission.id] }, h)
    // Off: on, tenant one's own rule would close its idle conversations while the fuzz runs (the view would change).
    await send(ctx.url, callOf("auth", "sessionMessage"), { enabled: false, timeout_minutes: 15, message: "T1SECRET session" }, h)
    await send(
      ctx.url,
      callOf("cannedMessages", "cannedMessagesCreate"),
      { type: "chat", title: "T1SECRET", text: "T1SECRET", shortcut: "t1s" },
      h,
    )
    await send(ctx.url, callOf("tagging", "createLabel"), { name: "T1SECRET", color: "#000000" }, h)
    for (let i = 0; i < 3; i++) {
      const number = `+90555009${String(i).padStart(4, "0")}`
      await devFetch(ctx.server, "/dev/simulator/messages", {
        clientId: 1,
        channel: "whatsapp",
        number,
        name: "T1SECRET",
        text: "T1SECRET",
      })
    }
    await markTenant(database, 1, "T1SECRET")
    const agent1 = await login(ctx.url, "agent1")
    const victim = await tenantHandlesOf(database, 1)
    const view = async () => {
      const replies = await Promise.all(VIEWS.map((call) => send(ctx.url, call, { limit: 1000 }, h)))
      return JSON.stringify(replies.map((reply) => reply.body)).replace(/"online":(true|false)/g, "")
    }
    const before = await view()

    const admin2 = await login(ctx.url, "admin2")
    // Random calls may end admin2's own session (a new password, a role change): start another directly.
    const freshToken = async () => {
      const lid = randomUUID()
      await database.db.insert(loginSessions).values({ id: lid, userId: admin2.user_data.id, clientId: admin2.user_data.client_id })
      const claims = { sub: admin2.user_data.id, cid: admin2.user_data.client_id, lid, iat: nowSeconds(), exp: nowSeconds() + 3600 }
      return signJwt({ typ: "user", ...claims }, "test-secret")
    }
    let token = admin2.user_token
    // Random calls may also change admin2's own role (tenant two's to change): its grants are put back after each call
    // of the groups that can, so the fuzz keeps reaching handlers instead of being refused for a lost permission.
    const ownId = admin2.user_data.id
    const [{ role_id: roleId }] = (await database.query("SELECT role_id FROM users WHERE id = $1", [ownId])).rows as {
      role_id: number
    }[]
    const grants = (
      (await database.query("SELECT permission_id FROM role_permissions WHERE role_id = $1", [roleId])).rows as {
        permission_id: number
      }[]
    )
      .map((r) => r.permission_id)
      .sort((a, b) => a - b)
    const restoreRole = async () => {
      const [now] = (
        await database.query(
          `SELECT u.role_id, u.status, (SELECT array_agg(rp.permission_id ORDER BY rp.permission_id) FROM role_permissions rp
            WHERE rp.role_id = $1) AS grants FROM users u WHERE u.id = $2`,
          [roleId, ownId],
        )
      ).rows as { role_id: number; status: string; grants: number[] | null }[]
      if (now.role_id === roleId && now.status === "active" && JSON.stringify(now.grants ?? []) === JSON.stringify(grants)) return
      await database.query("UPDATE users SET role_id = $1, status = 'active' WHERE id = $2", [roleId, ownId])
      await database.query("DELETE FROM role_permissions WHERE role_id = $1", [roleId])
      await database.query("INSERT INTO role_permissions (role_id, permission_id) SELECT $1, unnest($2::int[])", [roleId, grants])
      // Written behind the server's back: its cached role keys must not outlive the fuzzed grants.
      roleKeys.forget(database.db, admin2.user_data.client_id)
    }
    const { handlers } = await loadFeatures()
    const implemented = allCalls.filter((c) => handlers.has(`${c.group}.${c.name}`) && !CREDENTIAL_CALLS.has(`${c.group}.${c.name}`))
    const statuses = new Map<number, number>()
    for (const call of implemented) {
      await fc.assert(
        fc.asyncProperty(payloadAgainst(call, victim), async (payload) => {
          const reply = await send(ctx.url, call, payload, { ...as(token), "client-token": admin2.client_token })
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
          const where = `${call.group}.${call.name} ${JSON.stringify(payload)} -> ${reply.status}`
          if (reply.status >= 500) throw new Error(`${where} ${JSON.stringify(reply.body)}`)
          const text = JSON.stringify(reply.body)
          const leaked = MARKERS.find((marker) => text.includes(marker))
          if (leaked) throw new Error(`${where} named tenant one's ${leaked}: ${text.slice(0, 300)}`)
          if (reply.status === 401) token = await freshToken()
          if (ROLE_GROUPS.has(call.group)) await restoreRole()
        }),
        { numRuns: RUNS, seed: 20261123, endOnFailure: true },
      )
    }
    expect(await view()).toBe(before)
    expect((await send(ctx.url, callOf("layout", "userLayout"), {}, as(agent1.user_token))).status).toBe(200)
    // The fuzz reached handlers, not only validation.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(implemented.length / 2)
  }, 300_000)
})
