/** Account limits on both databases: read with usage, set only by the super admin, and enforced where agents, messages and files are used. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, login, send, useServer } from "../../testing/harness"

const s = (name: "getAccountLimits" | "accountLimitsAll" | "postAccountLimits" | "putAccountLimits") => callOf("security", name)
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200_000, 7)])

describe.each(DB_KINDS)("account limits on %s", (kind) => {
  const ctx = useServer(kind)
  const db = () => ctx.server.services.database.db
  const one = async (query: ReturnType<typeof sql>) => rowsOf(await db().execute(query))[0]
  const superAdmin = async () => as((await login(ctx.url, "superadmin")).user_token)
  const setLimit = async (clientId: number, key: string, limit: number) => {
    const reply = await send(ctx.url, s("postAccountLimits"), { client_id: clientId, key, limit }, await superAdmin())
    expect(reply.status).toBe(200)
    return reply.body.data
  }
  const dropLimit = (clientId: number, key: string) =>
    db().execute(sql`DELETE FROM account_limits WHERE client_id = ${clientId} AND kind = ${key}`)

  it("shows a tenant its own limits with what it uses, and lets only the super admin read others' and set them", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const mine = (await send(ctx.url, s("getAccountLimits"), {}, h)).body.data
    const agents = mine.find((l: { key: string }) => l.key === "agents")
    const active = Number((await one(sql`SELECT count(*)::int AS n FROM users WHERE client_id = 1 AND status = 'active'`)).n)
    expect(agents).toMatchObject({ client_id: 1, limit: 25, used: active })
    expect((await send(ctx.url, s("getAccountLimits"), { client_id: 2 }, h)).status).toBe(403)
    expect((await send(ctx.url, s("postAccountLimits"), { client_id: 1, key: "agents", limit: 1000 }, h)).status).toBe(403)
    expect((await send(ctx.url, s("putAccountLimits"), { id: agents.id, limit: 1000 }, h)).status).toBe(403)
    expect((await send(ctx.url, s("accountLimitsAll"), {}, h)).status).toBe(403)
    const root = await superAdmin()
    const theirs = (await send(ctx.url, s("getAccountLimits"), { client_id: 2 }, root)).body.data
    expect(theirs.every((l: { client_id: number }) => l.client_id === 2)).toBe(true)
    const all = (await send(ctx.url, s("accountLimitsAll"), {}, root)).body.data
    expect(new Set(all.map((l: { client_id: number }) => l.client_id))).toEqual(new Set([1, 2]))
    const raised = (await send(ctx.url, s("putAccountLimits"), { id: agents.id, limit: 30 }, root)).body.data
    expect(raised).toMatchObject({ id: agents.id, limit: 30, used: active })
    expect((await send(ctx.url, s("postAccountLimits"), { client_id: 99999, key: "agents", limit: 1 }, root)).status).toBe(404)
    expect((await send(ctx.url, s("postAccountLimits"), { client_id: 1, key: "planets", limit: 1 }, root)).body.error.field).toBe("key")
    expect((await send(ctx.url, s("postAccountLimits"), { client_id: 1, key: "agents", limit: -1 }, root)).status).toBe(400)
    await send(ctx.url, s("putAccountLimits"), { id: agents.id, limit: 25 }, root)
  })

  it("refuses a new agent beyond the limit with a 403 naming it, and creates nothing", async () => {
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const active = Number((await one(sql`SELECT count(*)::int AS n FROM users WHERE client_id = 2 AND status = 'active'`)).n)
    await setLimit(2, "agents", active)
    const user = { username: `limit-${kind}`, email: `limit-${kind}@globex.example`, password: "long-enough-1", display_name: "Limit" }
    const refused = await send(ctx.url, callOf("users", "usersCreate"), user, h2)
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe("LIMIT_REACHED")
    expect(refused.body.error.message).toContain(`${active} active agents`)
    expect((await one(sql`SELECT count(*)::int AS n FROM users WHERE username = ${user.username}`)).n).toBe(0)
    await setLimit(2, "agents", active + 1)
    expect((await send(ctx.url, callOf("users", "usersCreate"), user, h2)).status).toBe(200)
    const used = (await send(ctx.url, s("getAccountLimits"), {}, h2)).body.data.find((l: { key: string }) => l.key === "agents")
    expect(used).toMatchObject({ limit: active + 1, used: active + 1 })
    await setLimit(2, "agents", 5)
  })

  it("a lowered agent limit refuses the next agent, and re-enabling a stopped user counts as one more agent", async () => {
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const root = await superAdmin()
    const user = { username: `back-${kind}`, email: `back-${kind}@globex.example`, password: "long-enough-1", display_name: "Back" }
    const created = await send(ctx.url, callOf("users", "usersCreate"), user, h2)
    expect(created.status).toBe(200)
    const id = created.body.data.user.id
    const stop = await send(ctx.url, callOf("users", "usersUpdatePartialById"), { id, status: "disabled" }, h2)
    expect(stop.status).toBe(200)
    const active = Number((await one(sql`SELECT count(*)::int AS n FROM users WHERE client_id = 2 AND status = 'active'`)).n)
    // The super admin lowers the limit (PUT by id, as the form does for an existing limit) to what is in use now.
    const agents = (await send(ctx.url, s("getAccountLimits"), { client_id: 2 }, root)).body.data.find(
      (l: { key: string }) => l.key === "agents",
    )
    expect((await send(ctx.url, s("putAccountLimits"), { id: agents.id, limit: active }, root)).status).toBe(200)
    const next = { ...user, username: `next-${kind}`, email: `next-${kind}@globex.example` }
    const refused = await send(ctx.url, callOf("users", "usersCreate"), next, h2)
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain(`${active} active agents`)
    const back = await send(ctx.url, callOf("users", "usersUpdatePartialById"), { id, status: "active" }, h2)
    expect(back.status).toBe(403)
    expect(back.body.error.code).toBe("LIMIT_REACHED")
    expect((await one(sql`SELECT status FROM users WHERE id = ${id}`)).status).toBe("disabled")
    // Room for one more: the stopped user may come back.
    await setLimit(2, "agents", active + 1)
    expect((await send(ctx.url, callOf("users", "usersUpdatePartialById"), { id, status: "active" }, h2)).status).toBe(200)
    expect((await one(sql`SELECT status FROM users WHERE id = ${id}`)).status).toBe("active")
    await send(ctx.url, callOf("users", "usersDeleteById"), { id }, h2)
    await setLimit(2, "agents", 5)
  })

  it("refuses a chat message beyond the day's limit and stores nothing; the month's limit counts too", async () => {
    const number = `+9055512${kind === "pglite" ? "10" : "20"}001`
    expect((await customerWrites(ctx.server, number)).status).toBe(200)
    const h = as((await login(ctx.url, "agent1")).user_token)
    const text = (message: string) =>
      send(ctx.url, callOf("chat", "messagesSendText"), { type: "text", text: { to: [number], message: { text: message } } }, h)
    const sentToday = async () =>
      Number(
        (await send(ctx.url, s("getAccountLimits"), {}, as((await login(ctx.url, "admin")).user_token))).body.data.find(
          (l: { key: string }) => l.key === "daily_messages",
        )?.used,
      )
    await setLimit(1, "daily_messages", 0)
    const base = await sentToday()
    await setLimit(1, "daily_messages", base + 1)
    expect((await text("first")).status).toBe(200)
    expect(await sentToday()).toBe(base + 1)
    const refused = await text("second")
    expect(refused.status).toBe(403)
    expect(refused.body.error).toMatchObject({ code: "LIMIT_REACHED" })
    expect(refused.body.error.message).toContain("messages per day")
    const stored = await one(sql`SELECT count(*)::int AS n FROM messages WHERE client_id = 1 AND body = 'second'`)
    expect(stored.n).toBe(0)
    await dropLimit(1, "daily_messages")
    await setLimit(1, "monthly_messages", 0)
    expect((await text("third")).body.error.message).toContain("messages per month")
    await setLimit(1, "monthly_messages", 100000)
    expect((await text("third")).status).toBe(200)
  })

  it("refuses an upload that would exceed the tenant's storage", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const upload = (name: string) =>
      send(ctx.url, callOf("uploads", "upload"), { file_name: name, mime_type: "image/png", data_base64: PNG.toString("base64") }, h)
    await setLimit(1, "storage_mb", 0)
    const refused = await upload("too-much.png")
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toContain("MiB of file storage")
    expect((await one(sql`SELECT count(*)::int AS n FROM attachments WHERE filename = 'too-much.png'`)).n).toBe(0)
    const used = Number(
      (await one(sql`SELECT COALESCE(sum(size), 0)::float8 / 1048576 AS mb FROM attachments WHERE client_id = 1 AND storage_key = 'db'`))
        .mb,
    )
    await setLimit(1, "storage_mb", Math.ceil(used + 0.5))
    expect((await upload("fits.png")).status).toBe(200)
    await dropLimit(1, "storage_mb")
  })
})
