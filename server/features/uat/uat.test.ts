/** UAT customers on both databases: the list and its checks, isolation, and their exclusion from monthly active users and billing. */
import { describe, expect, it } from "vitest"
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, customerWrites, login, send, useServer } from "../../testing/harness"
import { debitUnlessUat } from "../billing/ledger"
import { adjustment } from "../billing/ledger-reason"

const u = (name: "fetchUatCustomer" | "addUatCustomer" | "updateUatCustomer") => callOf("uat", name)

describe.each(DB_KINDS)("UAT customers on %s", (kind) => {
  const ctx = useServer(kind)
  const database = () => ctx.server.services.database

  it("keeps a tenant's test numbers (normalised, unique), searchable, renamed and switched off, and only its own", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const added = (await send(ctx.url, u("addUatCustomer"), { number: "905550001122", name: "QA phone" }, h)).body.data
    expect(added).toMatchObject({ number: "+905550001122", name: "QA phone", active: true })
    expect((await send(ctx.url, u("addUatCustomer"), { number: "+905550001122" }, h)).status).toBe(409)
    expect((await send(ctx.url, u("addUatCustomer"), { number: "call me" }, h)).body.error.field).toBe("number")
    const found = (await send(ctx.url, u("fetchUatCustomer"), { search: "QA" }, h)).body.data
    expect(found.items.map((c: { id: number }) => c.id)).toEqual([added.id])
    const off = (await send(ctx.url, u("updateUatCustomer"), { id: added.id, name: "QA phone 2", active: false }, h)).body.data
    expect(off).toMatchObject({ id: added.id, name: "QA phone 2", active: false })
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, u("fetchUatCustomer"), {}, h2)).body.data.items.some((c: { id: number }) => c.id === added.id)).toBe(false)
    expect((await send(ctx.url, u("updateUatCustomer"), { id: added.id, active: true }, h2)).status).toBe(404)
    expect((await send(ctx.url, u("addUatCustomer"), { number: "+905550001122" }, h2)).status).toBe(200)
    const agent = as((await login(ctx.url, "agent1")).user_token)
    expect((await send(ctx.url, u("fetchUatCustomer"), {}, agent)).status).toBe(403)
  })

  it("leaves a UAT number out of monthly active users and out of billing, and counts it again once switched off", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const number = kind === "pglite" ? "+905559990011" : "+905559990022"
    expect((await customerWrites(ctx.server, number, { text: "test message from QA" })).status).toBe(200)
    const [zone] = rowsOf(await database().db.execute(sql`SELECT to_char(now() AT TIME ZONE tenant_zone(1), 'YYYY-MM') AS month`))
    const month = String(zone.month)
    const mau = async () => (await send(ctx.url, callOf("reports", "getMonthly"), { month }, h)).body.data.active_users as number
    const listed = async () =>
      (await send(ctx.url, callOf("reports", "monthlyUsers"), { month, limit: 1000 }, h)).body.data.items.some(
        (row: { number: string }) => row.number === number,
      )
    const counted = await mau()
    expect(await listed()).toBe(true)
    const tester = (await send(ctx.url, u("addUatCustomer"), { number, name: "QA" }, h)).body.data
    expect(await mau()).toBe(counted - 1)
    expect(await listed()).toBe(false)
    const year = (await send(ctx.url, callOf("reports", "getallMonthly"), { year: Number(month.slice(0, 4)) }, h)).body.data
    expect(year.find((m: { month: string }) => m.month === month).active_users).toBe(counted - 1)
    expect(await database().transaction((tx) => debitUnlessUat(tx, 1, number, 0.05, adjustment("Template message")))).toBeNull()
    await send(ctx.url, u("updateUatCustomer"), { id: tester.id, active: false }, h)
    expect(await mau()).toBe(counted)
    expect(await listed()).toBe(true)
  })
})
