/** Session Timeout on both databases: defaults until saved, create then update by id, validation, permission, isolation. */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const fetchCall = callOf("auth", "sessionFetch")
const create = callOf("auth", "sessionMessage")
const update = callOf("auth", "sessionMessageById")

describe.each(DB_KINDS)("session timeout message on %s", (kind) => {
  const ctx = useServer(kind)

  it("starts from the defaults, saves, and updates by id what was sent only", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = await send(ctx.url, fetchCall, {}, h)
    expect(before.status).toBe(200)
    expect(before.body.data.session).toMatchObject({ id: null, enabled: false, timeout_minutes: 30 })

    const saved = await send(ctx.url, create, { timeout_minutes: 45, message: "We closed your chat after 45 minutes." }, h)
    expect(saved.status).toBe(200)
    const id = saved.body.data.session.id
    expect(saved.body.data.session).toMatchObject({ enabled: true, timeout_minutes: 45, message: "We closed your chat after 45 minutes." })

    const changed = await send(ctx.url, update, { id, enabled: false }, h)
    expect(changed.status).toBe(200)
    expect(changed.body.data.session).toEqual({ id, enabled: false, timeout_minutes: 45, message: "We closed your chat after 45 minutes." })
    expect((await send(ctx.url, fetchCall, {}, h)).body.data.session).toEqual(changed.body.data.session)
  })

  it("refuses a bad timeout with 400 naming the field and keeps what was saved", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const saved = (await send(ctx.url, create, { timeout_minutes: 20, message: "Timed out." }, h)).body.data.session
    for (const timeout_minutes of [0, 10081, 2.5]) {
      const bad = await send(ctx.url, update, { id: saved.id, timeout_minutes }, h)
      expect(bad.status).toBe(400)
      expect(bad.body.error.field).toContain("timeout_minutes")
    }
    expect((await send(ctx.url, update, { id: saved.id + 1000, message: "x" }, h)).status).toBe(404)
    expect((await send(ctx.url, fetchCall, {}, h)).body.data.session).toEqual(saved)
  })

  it("needs client_settings to write, and keeps each tenant's message its own", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const one = (await send(ctx.url, create, { timeout_minutes: 15, message: "Tenant one's message" }, admin)).body.data.session
    const agent = as((await login(ctx.url, "agent1")).user_token)
    expect((await send(ctx.url, create, { timeout_minutes: 5, message: "agent" }, agent)).status).toBe(403)

    const other = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, fetchCall, {}, other)).body.data.session.message).not.toBe("Tenant one's message")
    expect((await send(ctx.url, update, { id: one.id, message: "hijacked" }, other)).status).toBe(404)
    expect((await send(ctx.url, fetchCall, {}, admin)).body.data.session.message).toBe("Tenant one's message")
  })
})
