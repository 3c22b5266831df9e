/** Property test: random payloads at every registered route (as a tenant admin) never make a 5xx besides 501, nor a crash. */
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { allCalls } from "../../src/contract/catalogue"
import type { CallDef } from "../../src/contract/call"
import { loadFeatures } from "../features/load"
import { randomUUID } from "node:crypto"
import { loginSessions } from "../db/schema/identity"
import { issueApiKey } from "../auth/api-keys"
import { signJwt, nowSeconds } from "../auth/jwt"
import { DB_KINDS, as, login, send, useServer } from "../testing/harness"
import { fuzzValue } from "../testing/fixtures"

const fieldsOf = (call: CallDef): string[] => Object.keys((call.request as { fields?: Record<string, unknown> }).fields ?? {})

const payloadFor = (call: CallDef) => {
  const keys = [...new Set([...fieldsOf(call), ...call.params, "id", "page", "limit"])]
  const shaped = fc.record(Object.fromEntries(keys.map((key) => [key, fuzzValue])), { requiredKeys: [] })
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) })
}

/** Runs per implemented route; unbuilt routes only validate and answer 501, so fewer runs reach all they do. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12)
const UNBUILT_RUNS = 3

describe.each(DB_KINDS)("random payloads on %s", (kind) => {
  const ctx = useServer(kind)

  it(`every route answers < 500 (or 501 when unbuilt) for random payloads`, async () => {
    const { handlers } = await loadFeatures()
    const admin = await login(ctx.url, "admin")
    let token = admin.user_token
    const { db } = ctx.server.services.database
    const tenant = { apiKey: await issueApiKey(db, admin.user_data.client_id) }
    // Random calls may replace the admin's session or change its password: start a session directly.
    const freshToken = async () => {
      const lid = randomUUID()
      await db.insert(loginSessions).values({ id: lid, userId: admin.user_data.id, clientId: admin.user_data.client_id })
      return signJwt(
        {
          typ: "user",
          sub: admin.user_data.id,
          cid: admin.user_data.client_id,
          lid,
          iat: nowSeconds(),
          exp: nowSeconds() + 3600,
        },
        "test-secret",
      )
    }
    const seen = new Map<number, number>()
    for (const call of allCalls) {
      const built = handlers.has(`${call.group}.${call.name}`)
      await fc.assert(
        fc.asyncProperty(payloadFor(call), async (payload) => {
          const reply = await send(ctx.url, call, payload as Record<string, unknown>, {
            ...as(token),
            "x-api-key": tenant.apiKey,
            "client-token": admin.client_token,
          })
          seen.set(reply.status, (seen.get(reply.status) ?? 0) + 1)
          const allowed = reply.status < 500 || (!built && reply.status === 501)
          if (!allowed)
            throw new Error(`${call.method} ${call.path} -> ${reply.status} ${JSON.stringify(reply.body)} for ${JSON.stringify(payload)}`)
          const wellFormed = reply.status < 400 || typeof reply.body?.error?.code === "string"
          if (!wellFormed)
            throw new Error(`${call.method} ${call.path} -> ${reply.status} without an error body: ${JSON.stringify(reply.body)}`)
          if (reply.status === 401 && call.credential === "user") token = await freshToken()
        }),
        { numRuns: built ? RUNS : UNBUILT_RUNS, seed: 20260101, endOnFailure: true },
      )
    }
    expect((await fetch(`${ctx.url}/healthz`)).status).toBe(200)
    expect([...seen.keys()].some((status) => status === 200)).toBe(true)
  }, 240_000)
})
