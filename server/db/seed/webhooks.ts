/**
 * Tenant one's webhook with its delivery log: the events it received over the last week (published to domain_events,
 * delivered as webhooks/delivery.ts logs them: an attempt, its status and time; a failed attempt retried). The admin
 * has since switched it off, so a server started on the seed posts nothing to it until it is switched on again.
 */
import { randomUUID } from "node:crypto"
import type { Db } from "../db"
import { domainEvents, webhookDeliveries, webhooks } from "../schema/webhooks"
import { makeRng } from "./prng"

const EVENTS = ["conversation.closed", "ticket.created", "complaint.created", "campaign.finished"] as const

export const seedWebhooks = async (db: Db, clientId: number, seed: number) => {
  const rng = makeRng(seed)
  const now = Date.now()
  const events = Array.from({ length: 24 }, () => ({
    id: randomUUID(),
    clientId,
    type: rng.pick(EVENTS),
    data: {},
    createdAt: new Date(now - rng.int(2 * 60, 7 * 24 * 60) * 60_000),
  })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  const last = events.at(-1)!.createdAt
  const [hook] = await db
    .insert(webhooks)
    .values({
      clientId,
      url: "https://example.com/hooks/acme-crm",
      events: [...EVENTS],
      secret: randomUUID().replaceAll("-", ""),
      active: false,
      lastStatus: 200,
      lastDeliveryAt: new Date(last.getTime() + 300),
      createdAt: new Date(now - 9 * 86_400_000),
      updatedAt: new Date(last.getTime() + 3_600_000),
    })
    .returning()
  await db.insert(domainEvents).values(events)
  await db.insert(webhookDeliveries).values(
    events.flatMap((e, i) => {
      const at = e.createdAt.getTime()
      const ok = { clientId, webhookId: hook.id, eventId: e.id, eventType: e.type, ok: true, statusCode: 200 }
      // Every seventh delivery met a busy receiver first and went through on the retry a minute later.
      if (i % 7 === 3)
        return [
          { ...ok, attempt: 1, ok: false, statusCode: 503, durationMs: rng.int(80, 400), error: "HTTP 503", createdAt: new Date(at + 300) },
          { ...ok, attempt: 2, durationMs: rng.int(80, 400), createdAt: new Date(at + 60_300) },
        ]
      return [{ ...ok, attempt: 1, durationMs: rng.int(80, 400), createdAt: new Date(at + 300) }]
    }),
  )
}
