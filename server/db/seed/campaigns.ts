/**
 * A tenant's campaigns: one that finished ten days ago and one running now, both sending the `welcome` template to a
 * recipient list built from the WhatsApp customers (as recipient-lists.ts builds one from contacts). Each recipient row
 * is what the engine (campaigns/campaign-engine.ts) leaves: a status with its times and cost, blocked customers skipped
 * with the reason, one ledger entry per batch naming the campaign and its recipients, and each sent recipient's
 * template message in the customer's conversation (stored as the templates' send stores it, `templatePayloadOf`, an
 * automated message that leaves the conversation where it was), its channel status the recipient's. The running
 * campaign has no batch queued (a server started on the seed would otherwise send by itself): pausing and resuming it
 * sends the rest.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { templateByName, templatePayloadOf } from "../../features/templates"
import { campaignRecipients, campaigns, recipientListNumbers, recipientLists } from "../schema/campaigns"
import { messages } from "../schema/conversations"
import { conversationAtOf } from "./conversation-at"
import { type Charge, postCharges } from "./ledger"
import { makeRng } from "./prng"

const MIN = 60_000
const DAY = 86_400_000
/** Recipients per batch at the default rate (80 per second: campaign-engine.ts batchSizeOf). */
const BATCH = 80

interface Plan {
  readonly clientId: number
  readonly createdBy: number
  readonly seed: number
}

type Outcome = "read" | "delivered" | "sent" | "queued"

const blockedText = "The customer is blocked"

export const seedCampaigns = async (db: Db, plan: Plan) => {
  const { clientId } = plan
  const rng = makeRng(plan.seed)
  const [template] = rowsOf(
    await db.execute(sql`SELECT t.id, t.name, t.language, p.price FROM templates t JOIN template_prices p ON p.category = t.category
      WHERE t.client_id = ${clientId} AND t.name = 'welcome'`),
  )
  const price = Number(template.price)
  const welcome = await templateByName(db, clientId, String(template.name))
  const conversationAt = await conversationAtOf(db, clientId)
  const people = rowsOf(
    await db.execute(
      sql`SELECT id, name, number, blocked FROM contacts WHERE client_id = ${clientId} AND channel = 'whatsapp' ORDER BY id`,
    ),
  )
  const now = Date.now()
  const [list] = await db
    .insert(recipientLists)
    .values({ clientId, name: "WhatsApp customers", source: "contacts", createdAt: new Date(now - 12 * DAY) })
    .returning()
  const firstName = (name: unknown) => String(name ?? "").split(" ")[0] || "there"
  await db
    .insert(recipientListNumbers)
    .values(people.map((p) => ({ listId: list.id, clientId, number: String(p.number), params: [firstName(p.name)] })))
  const charges: Charge[] = []
  const run = async (name: string, status: "completed" | "running", startedAt: number, finishedAt: number | null, sentShare: number) => {
    const [campaign] = await db
      .insert(campaigns)
      .values({
        clientId,
        name,
        templateId: Number(template.id),
        templateName: String(template.name),
        language: String(template.language),
        recipientListId: list.id,
        status,
        params: [],
        paramSources: [{ column: 1 }],
        runGen: 1,
        startedAt: new Date(startedAt),
        finishedAt: finishedAt === null ? null : new Date(finishedAt),
        createdBy: plan.createdBy,
        createdAt: new Date(startedAt - 30 * MIN),
        updatedAt: new Date(finishedAt ?? startedAt),
      })
      .returning()
    const rows = people.map((p, i) => {
      const number = String(p.number)
      const base = { clientId, campaignId: campaign.id, name: String(p.name ?? ""), number, params: [firstName(p.name)] }
      if (p.blocked) return { ...base, status: "skipped", error: blockedText }
      const outcome: Outcome = i >= people.length * sentShare ? "queued" : rng.pick(["read", "read", "delivered", "delivered", "sent"])
      if (outcome === "queued") return { ...base, status: "queued" }
      // Sent with its batch, one batch a second.
      const sentAt = new Date(startedAt + Math.floor(i / BATCH) * 1000)
      const deliveredAt = outcome === "read" || outcome === "delivered" ? new Date(sentAt.getTime() + rng.int(2, 60) * 1000) : null
      const readAt = outcome === "read" ? new Date(deliveredAt!.getTime() + rng.int(1, 240) * MIN) : null
      return {
        ...base,
        status: outcome,
        cost: price.toFixed(2),
        sentAt,
        deliveredAt,
        readAt: readAt && readAt.getTime() < now ? readAt : null,
      }
    })
    // Each sent recipient's message, as the engine's batch stores it, then the recipient pointing at it.
    const sent = rows.flatMap((row, i) => {
      const conversationId = "sentAt" in row ? conversationAt(Number(people[i].id), row.sentAt) : undefined
      return conversationId === undefined || !("sentAt" in row) ? [] : [{ i, row, conversationId, sentAt: row.sentAt }]
    })
    const messageIds = await db
      .insert(messages)
      .values(
        sent.map(({ i, row, conversationId, sentAt }) => {
          const send = { clientId, template: welcome, number: row.number, params: row.params, userId: null, campaignId: campaign.id }
          const { shown, payload } = templatePayloadOf(send, price)
          const externalId = `wamid.seed-campaign-${campaign.id}-${i}`
          return {
            clientId,
            conversationId,
            direction: "out",
            type: "template",
            body: shown.body,
            payload,
            externalId,
            status: row.status,
            dt: sentAt,
          }
        }),
      )
      .returning({ id: messages.id })
    const messageOf = new Map(sent.map(({ i }, k) => [i, messageIds[k].id]))
    const stored = await db
      .insert(campaignRecipients)
      .values(rows.map((row, i) => ({ ...row, messageId: messageOf.get(i) ?? null })))
      .returning({ id: campaignRecipients.id, status: campaignRecipients.status })
    const paid = stored.filter((r) => r.status !== "queued" && r.status !== "skipped")
    for (let k = 0; k * BATCH < paid.length; k++) {
      const batch = paid.slice(k * BATCH, (k + 1) * BATCH)
      charges.push({
        amount: -price * batch.length,
        why: { kind: "template", templates: String(template.name), count: batch.length },
        ref: `campaign:${campaign.id}:recipients:${batch.map((r) => r.id).join(",")}`,
        at: new Date(startedAt + k * 1000),
      })
    }
  }
  await run("Autumn sale", "completed", now - 10 * DAY, now - 10 * DAY + 5 * MIN, 1)
  await run("Winter preview", "running", now - 25 * MIN, null, 0.6)
  await postCharges(db, clientId, charges)
}
