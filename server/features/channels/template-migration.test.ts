/**
 * `/template/migration` on both databases against the fake Meta (GRAPH_BASE_URL=self): the business account's approved
 * templates are imported across Meta's pages, a second run skips them, a template changed at Meta is updated, one not
 * approved is skipped; without a connected number 409; another tenant's templates are never touched; the permission.
 */
import { sql } from "drizzle-orm"
import { beforeAll, describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { as, callOf, DB_KINDS, login, send, shaped, useServer } from "../../testing/harness"
import { connectNumber, dev } from "./channels.testing"

const migrate = callOf("onboarding", "templateMigration")
const WABA = "102290129340398"

const metaTemplate = (name: string, body: string, status = "APPROVED") => ({
  name,
  language: "en_US",
  status,
  category: "UTILITY",
  id: `${name}-id`,
  components: [
    { type: "HEADER", format: "TEXT", text: "Order update" },
    { type: "BODY", text: body, example: { body_text: [["Leyla", "A-1001"]] } },
    { type: "FOOTER", text: "Reply STOP to opt out" },
    {
      type: "BUTTONS",
      buttons: [
        { type: "URL", text: "Track", url: "https://shop.example/t/{{1}}" },
        { type: "QUICK_REPLY", text: "Thanks" },
      ],
    },
  ],
})

describe.each(DB_KINDS)("template migration on %s", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  let admin2: Record<string, string>
  let agent: Record<string, string>
  beforeAll(async () => {
    admin2 = as((await login(ctx.url, "admin2")).user_token)
    agent = as((await login(ctx.url, "agent1")).user_token)
  }, 120_000)

  const templatesOf = async (clientId: number) =>
    rowsOf(
      await ctx.server.services.database.db.execute(
        sql`SELECT name, language, status, header_value, body, footer, buttons FROM templates WHERE client_id = ${clientId} ORDER BY name`,
      ),
    )

  it("refuses without a connected WhatsApp number", async () => {
    const refused = await send(ctx.url, migrate, {}, admin2)
    expect([refused.status, refused.body.error.message]).toEqual([409, expect.stringContaining("Connect a WhatsApp Cloud API number")])
    expect((await send(ctx.url, migrate, {}, agent)).status).toBe(403)
  })

  it("imports the account's approved templates across pages, then skips, updates and leaves others alone", async () => {
    const number = await connectNumber(ctx.server, admin2, 2, `6${String(Date.now()).slice(-9)}`, "mig")
    expect((await dev(ctx.server, "/dev/meta/numbers", { clientId: 2, phone_number_id: number.phoneNumberId, waba_id: WABA })).status).toBe(
      200,
    )
    const many = Array.from({ length: 120 }, (_, i) =>
      metaTemplate(`order_${String(i).padStart(3, "0")}`, "Hi {{1}}, order {{2}} is on its way"),
    )
    const listed = [...many, metaTemplate("promo_pending", "Sale!", "PENDING"), metaTemplate("old_rejected", "Old", "REJECTED")]
    expect((await dev(ctx.server, "/dev/meta/templates", { clientId: 2, waba_id: WABA, templates: listed })).status).toBe(200)
    const tenantOneBefore = await templatesOf(1)

    const first = shaped(migrate, (await send(ctx.url, migrate, {}, admin2)).body).data
    expect(first).toEqual({ imported: 120, updated: 0, skipped: 2 })
    const rows = await templatesOf(2)
    const order = rows.find((r) => r.name === "order_007")
    expect(order).toMatchObject({ language: "en_US", status: "APPROVED", header_value: "Order update", footer: "Reply STOP to opt out" })
    expect(rows.some((r) => r.name === "promo_pending")).toBe(false)

    expect(shaped(migrate, (await send(ctx.url, migrate, {}, admin2)).body).data).toEqual({ imported: 0, updated: 0, skipped: 122 })

    listed[7] = metaTemplate("order_007", "Hello {{1}}, order {{2}} left the warehouse")
    await dev(ctx.server, "/dev/meta/templates", { clientId: 2, waba_id: WABA, templates: listed })
    expect(shaped(migrate, (await send(ctx.url, migrate, {}, admin2)).body).data).toEqual({ imported: 0, updated: 1, skipped: 121 })
    expect((await templatesOf(2)).find((r) => r.name === "order_007")?.body).toBe("Hello {{1}}, order {{2}} left the warehouse")
    expect(await templatesOf(1)).toEqual(tenantOneBefore)
  })

  it("answers Meta's refusal of the token clearly and imports nothing", async () => {
    const number = await connectNumber(ctx.server, admin2, 2, `5${String(Date.now()).slice(-9)}`, "tok")
    await dev(ctx.server, "/dev/meta/numbers", { clientId: 2, phone_number_id: number.phoneNumberId, waba_id: "99887766" })
    await dev(ctx.server, "/dev/meta/templates", { clientId: 2, waba_id: "99887766", templates: [metaTemplate("fresh_one", "New")] })
    await dev(ctx.server, "/dev/meta/numbers", { clientId: 2, phone_number_id: number.phoneNumberId, access_token: "EAAGrevokedToken0001" })
    const refused = await send(ctx.url, migrate, {}, admin2)
    expect([refused.status, refused.body.error.code]).toEqual([424, "CHANNEL_AUTH_FAILED"])
    expect((await templatesOf(2)).some((r) => r.name === "fresh_one")).toBe(false)
  })
})
