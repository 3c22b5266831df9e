/**
 * SMS for tenant one: a gateway on the simulator SMSC (SMPP on 127.0.0.1 at DEMO_SMSC_PORT, where `npm start`'s
 * simulator listens; no password: the simulator takes any bind), the tenant's account on it with an approved
 * sender name and one awaiting the super admin, and the texts sent over the last two weeks as sms/send.ts and
 * sms/status-sink.ts leave them: numbers as '+' and digits, one part each, submitted, sent, then delivered or
 * reported undelivered, each part with the SMSC's id, and one ledger entry per send (`sms:<batch id>`) for the parts the
 * carrier accepted.
 */
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Db } from "../db"
import { rowsOf } from "../rows"
import { smsClients, smsMaskings, smsMessages, smsProviders, smsParts } from "../schema/sms"
import { type Charge, postCharges } from "./ledger"
import { makeRng } from "./prng"

const DAY = 86_400_000
const RATE = 0.05
/** The SMPP port the demo gateway is set to, where `npm start`'s simulator SMSC listens (server/dev/demo-start.ts). */
export const DEMO_SMSC_PORT = 2775

const TEXTS = [
  "Your Acme order has shipped. Track it in the app.",
  "Acme: your verification code is valid for 10 minutes.",
  "Acme weekend sale: 20% off all electronics until Sunday.",
  "Your Acme appointment is confirmed for tomorrow at 10:00.",
]

interface Plan {
  readonly clientId: number
  readonly userId: number
  readonly seed: number
}

export const seedSms = async (db: Db, plan: Plan) => {
  const { clientId } = plan
  const rng = makeRng(plan.seed)
  const [provider] = await db
    .insert(smsProviders)
    .values({ name: "Simulator SMSC", kind: "smpp", host: "127.0.0.1", port: DEMO_SMSC_PORT, systemId: "acme", rate: String(RATE) })
    .returning()
  const [account] = await db
    .insert(smsClients)
    .values({ clientId, providerId: provider.id, username: "acme-retail", createdAt: new Date(Date.now() - 30 * DAY) })
    .returning()
  const [mask] = await db
    .insert(smsMaskings)
    .values([
      { clientId, smsClientId: account.id, mask: "ACMERETAIL", status: "approved", createdAt: new Date(Date.now() - 29 * DAY) },
      { clientId, smsClientId: account.id, mask: "ACMEDEALS", status: "pending", createdAt: new Date(Date.now() - DAY) },
    ])
    .returning()
  const numbers = rowsOf(
    await db.execute(sql`SELECT '+' || regexp_replace(number, '[^0-9]', '', 'g') AS number FROM contacts
      WHERE client_id = ${clientId} AND NOT blocked ORDER BY id LIMIT 24`),
  ).map((r) => String(r.number))
  const now = Date.now()
  const rows: (typeof smsMessages.$inferInsert)[] = []
  const charges: Charge[] = []
  for (let send = 0; send < 8; send++) {
    const batchId = randomUUID()
    const at = now - rng.int(1, 14 * 24) * 3_600_000
    const to = [...new Set(Array.from({ length: rng.int(1, 4) }, () => rng.pick(numbers)))].sort()
    const body = rng.pick(TEXTS)
    for (const number of to) {
      const delivered = rng.chance(0.9)
      rows.push({
        clientId,
        providerId: provider.id,
        maskingId: mask.id,
        userId: plan.userId,
        batchId,
        mask: mask.mask,
        number,
        body,
        parts: 1,
        encoding: "GSM-7",
        cost: RATE.toFixed(4),
        status: delivered ? "delivered" : "failed",
        error: delivered ? null : "The network reported it undelivered (UNDELIV)",
        submittedAt: new Date(at + 200),
        sentAt: new Date(at + 400),
        deliveredAt: delivered ? new Date(at + 400 + rng.int(1, 30) * 1000) : null,
        dt: new Date(at),
      })
    }
    const parts = to.length
    charges.push({
      amount: -RATE * parts,
      why: { kind: "sms", messages: to.length, parts },
      ref: `sms:${batchId}`,
      at: new Date(at + 400),
    })
  }
  const stored = await db.insert(smsMessages).values(rows).returning({ id: smsMessages.id, status: smsMessages.status })
  await db.insert(smsParts).values(
    stored.map((m) => ({
      smsMessageId: m.id,
      providerId: provider.id,
      partNo: 1,
      messageId: `SIM${m.id.toString(16).padStart(8, "0")}`,
      status: m.status === "delivered" ? "delivered" : "failed",
    })),
  )
  await postCharges(db, clientId, charges)
}
