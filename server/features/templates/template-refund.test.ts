/**
 * A template send the channel refuses gives its cost back, once, on both databases, against the fake Meta
 * (GRAPH_BASE_URL=self) through the production adapter: refused at the hand-over (Meta answers an error) the message
 * ends failed and the balance is what it was, with a refund entry in the tenant's ledger; accepted and then reported
 * failed by Meta's status webhook, the cost comes back once however many times Meta repeats the failure.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { failedStatus } from "../../channels/whatsapp-cloud/fixtures.testing"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { type ConnectedNumber, connectNumber, dev, eventually, postSigned } from "../channels/channels.testing"
import { refundFailedTemplates } from "./template-refund"
import { draft, settled } from "./templates.testing"

const t = (name: Parameters<typeof callOf<"templates">>[1]) => callOf("templates", name)
/** The fixtures' phone number id, so Meta's status webhooks of the fixtures name this number. */
const PHONE_NUMBER_ID = "106540352242922"

describe.each(DB_KINDS)("template refunds on %s", (kind) => {
  const ctx = useServer(kind, { config: { graphBaseUrl: "self" } })
  const h: Record<string, Record<string, string>> = {}
  let meta: ConnectedNumber
  const balance = async () => (await send(ctx.url, callOf("auth", "getClientBalance"), {}, h.admin)).body.data.balance as number
  const ledger = async () =>
    (await send(ctx.url, callOf("billing", "getBillingLedger"), { limit: 50 }, h.admin)).body.data.items as {
      amount: number
      reason: string
      why: unknown
      ref: string | null
    }[]
  const sendTo = (number: string) =>
    send(
      ctx.url,
      t("sendTemplateMessageText"),
      { template_name: "order_ready", language: "en", to: [number], params: ["Ayşe", "A-1"] },
      h.admin,
    )
  const history = async (number: string) =>
    (await send(ctx.url, callOf("chat", "agentHistoryChat"), { number, limit: 20 }, h.admin)).body.data.items as {
      external_id: string | null
      status: string
      type: string
    }[]

  beforeAll(async () => {
    for (const name of ["admin", "superadmin"]) h[name] = as((await login(ctx.url, name)).user_token)
    meta = await connectNumber(ctx.server, h.admin, 1, PHONE_NUMBER_ID, "refund")
    await send(ctx.url, t("templateMessageCreate"), draft("order_ready"), h.admin)
    expect((await settled(ctx.url, h.admin, "order_ready")).status).toBe("APPROVED")
    await send(ctx.url, callOf("templateTools", "templatePriceSet"), { category: "UTILITY", price: 0.25 }, h.superadmin)
    await send(ctx.url, callOf("billing", "billingTopUp"), { client_id: 1, amount: 10, reason: "Refund test" }, h.superadmin)
  })

  it("a send Meta refuses ends failed and its cost comes back, with a refund entry the tenant reads", async () => {
    const before = await balance()
    await dev(ctx.server, "/dev/meta/fail-next", { id: PHONE_NUMBER_ID, code: 131026 })
    const refused = await sendTo("+16505557001")
    expect(refused.status).toBe(422)
    expect((await history("+16505557001")).map((m) => m.status)).toEqual(["failed"])
    expect(await balance()).toBeCloseTo(before, 2)
    const [refund, charge] = await ledger()
    // The figures the console words in the reader's language, beside the English words files carry.
    expect(charge).toMatchObject({
      amount: -0.25,
      reason: "template order_ready",
      why: { kind: "template", templates: "order_ready", count: 1 },
    })
    expect(refund).toMatchObject({
      amount: 0.25,
      reason: "Refund: template order_ready refused by the channel",
      why: { kind: "templateRefund", templates: "order_ready", count: 1 },
    })
    expect(refund.ref).toMatch(/^refund:msg:\d+$/)
    // A second look at the same failure (a retried job, a late report) gives nothing more back.
    const messageId = Number(refund.ref!.split(":")[2])
    const database = ctx.server.services.database
    expect(await database.transaction((tx) => refundFailedTemplates(tx, 1, [messageId]))).toBeNull()
    expect(await balance()).toBeCloseTo(before, 2)
  })

  it("a send Meta reports failed later is refunded once, however often the failure is reported", async () => {
    const before = await balance()
    const sent = await sendTo("+16505557002")
    expect(sent.status).toBe(200)
    const wamid = sent.body.data.messages[0].id as string
    expect(await balance()).toBeCloseTo(before - 0.25, 2)
    for (let i = 0; i < 3; i++) await postSigned(meta.webhookUrl, meta.appSecret, failedStatus(wamid, 131026, "Message undeliverable"))
    await eventually(async () => (await history("+16505557002")).find((m) => m.external_id === wamid && m.status === "failed"))
    // The repeats had their chance to land.
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await balance()).toBeCloseTo(before, 2)
    const refunds = (await ledger()).filter((e) => e.reason.startsWith("Refund:"))
    expect(refunds.map((e) => e.amount)).toEqual([0.25, 0.25])
  })

  it("a delivered send keeps its charge", async () => {
    const before = await balance()
    const sent = await sendTo("+16505557003")
    expect(sent.status).toBe(200)
    const wamid = sent.body.data.messages[0].id as string
    await eventually(async () => (await history("+16505557003")).find((m) => m.external_id === wamid && m.status === "delivered"))
    expect(await balance()).toBeCloseTo(before - 0.25, 2)
  })
})
