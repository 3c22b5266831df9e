/**
 * What the gateways report, written in batches (one statement per ~200 outcomes instead of one per message):
 * - submit outcomes: a row becomes sent (with its parts' SMSC ids), failed, or queued again for a later job;
 * - delivery receipts: matched to parts by (provider, SMSC message id); a row is delivered when all its parts are,
 *   failed when one is not. A receipt whose id matches nothing yet is tried again (the submit's own write may still be
 *   in its batch), then logged and ignored.
 * Everything goes through `database` outside any transaction of a job, so a job's transaction never waits on it.
 */
import { sql } from "drizzle-orm"
import type { Database, Db } from "../../db/db"
import { debitIncurredUnlessUat } from "../billing"
import { rowsOf } from "../../db/rows"

export interface SubmitResult {
  readonly id: number
  readonly status: "sent" | "failed"
  readonly error?: string
  readonly parts?: readonly { readonly no: number; readonly messageId: string }[]
  readonly providerId: number
}

interface Receipt {
  readonly pid: number
  readonly id: string
  readonly ok: boolean
  readonly stat: string
  readonly tries: number
}

const FLUSH_MS = 25
const FLUSH_AT = 500
const RECEIPT_TRIES = 4
const RECEIPT_RETRY_MS = 250

/**
 * Billing: the parts of rows just marked sent cost the tenant their price (parts × the account's or gateway's rate,
 * kept on the row), debited in this same transaction, one ledger entry per send and tenant (`sms:<batch id>`), nothing
 * for UAT numbers. Only rows this update moved from `submitting` are charged, so an outcome never charges twice.
 */
const chargeSent = async (tx: Db, sent: readonly Record<string, unknown>[]) => {
  const groups = new Map<string, Record<string, unknown>[]>()
  for (const row of sent) {
    const key = `${row.client_id}:${row.batch_id}`
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  for (const rows of groups.values()) {
    const parts = rows.reduce((sum, r) => sum + Number(r.parts), 0)
    await debitIncurredUnlessUat(
      tx,
      Number(rows[0].client_id),
      rows.map((r) => ({ number: String(r.number), amount: Number(r.cost) })),
      `SMS: ${rows.length} ${rows.length === 1 ? "message" : "messages"}, ${parts} ${parts === 1 ? "part" : "parts"}`,
      `sms:${rows[0].batch_id}`,
    )
  }
}

const undeliveredText = (stat: string) => `The network reported it undelivered (${stat})`

export class StatusSink {
  private results: SubmitResult[] = []
  private receipts: Receipt[] = []
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  private retries = new Set<NodeJS.Timeout>()
  /** Receipts that matched no message (logged and ignored). */
  unknownReceipts = 0
  matchedReceipts = 0

  constructor(private readonly database: Database) {}

  result(result: SubmitResult) {
    this.results.push(result)
    this.schedule()
  }

  receipt(providerId: number, messageId: string, delivered: boolean, stat: string, tries = 0) {
    this.receipts.push({ pid: providerId, id: messageId, ok: delivered, stat, tries })
    this.schedule()
  }

  private schedule() {
    if (this.results.length + this.receipts.length >= FLUSH_AT) return void this.flush()
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS)
  }

  /** Writes what is buffered; resolves once it is written (with everything flushed before it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const results = this.results
    const receipts = this.receipts
    this.results = []
    this.receipts = []
    this.flushing = this.flushing
      .then(() => this.write(results, receipts))
      .catch((error) => console.error("[sms] writing gateway outcomes failed:", error))
    return this.flushing
  }

  private async write(results: readonly SubmitResult[], receipts: readonly Receipt[]) {
    if (results.length > 0) await this.writeResults(results)
    if (receipts.length > 0) await this.writeReceipts(receipts)
  }

  private writeResults(results: readonly SubmitResult[]) {
    const parts = results.flatMap((r) => (r.parts ?? []).map((p) => ({ mid: r.id, pid: r.providerId, no: p.no, id: p.messageId })))
    const rows = results.map((r) => ({ id: r.id, status: r.status, error: r.error ?? null }))
    return this.database.transaction(async (tx) => {
      if (parts.length > 0)
        await tx.execute(sql`INSERT INTO sms_parts (sms_message_id, provider_id, part_no, message_id)
          SELECT v.mid, v.pid, v.no, v.id FROM jsonb_to_recordset(${JSON.stringify(parts)}::jsonb) AS v(mid int, pid int, no int, id text)
          ON CONFLICT (provider_id, message_id) DO NOTHING`)
      const sent = rowsOf(
        await tx.execute(sql`UPDATE sms_messages m SET status = v.status, error = v.error,
          sent_at = CASE WHEN v.status = 'sent' THEN now() ELSE m.sent_at END
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id int, status text, error text)
        WHERE m.id = v.id AND m.status = 'submitting'
        RETURNING m.client_id, m.batch_id, m.number, m.parts, m.cost, v.status`),
      ).filter((r) => r.status === "sent")
      await chargeSent(tx, sent)
    })
  }

  private async writeReceipts(receipts: readonly Receipt[]) {
    const list = receipts.map(({ pid, id, ok, stat }) => ({ pid, id, ok, stat }))
    const matched = await this.database.transaction(async (tx) => {
      const hit = rowsOf(
        await tx.execute(sql`UPDATE sms_parts p SET status = CASE WHEN v.ok THEN 'delivered' ELSE 'failed' END
          FROM jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(pid int, id text, ok boolean, stat text)
          WHERE p.provider_id = v.pid AND p.message_id = v.id RETURNING p.provider_id, p.message_id, p.sms_message_id, v.stat`),
      )
      if (hit.length === 0) return hit
      const failures = hit
        .filter((h) => h.stat !== "DELIVRD")
        .map((h) => ({ mid: Number(h.sms_message_id), error: undeliveredText(String(h.stat)) }))
      const ids = JSON.stringify([...new Set(hit.map((h) => Number(h.sms_message_id)))])
      await tx.execute(sql`UPDATE sms_messages m SET
          status = CASE WHEN s.failed > 0 THEN 'failed' WHEN s.delivered >= m.parts THEN 'delivered' ELSE m.status END,
          error = CASE WHEN s.failed > 0 THEN coalesce(f.error, m.error) ELSE m.error END,
          delivered_at = CASE WHEN s.failed = 0 AND s.delivered >= m.parts THEN now() ELSE m.delivered_at END
        FROM (SELECT sms_message_id, count(*) FILTER (WHERE status = 'delivered') AS delivered, count(*) FILTER (WHERE status = 'failed') AS failed
              FROM sms_parts WHERE sms_message_id IN (SELECT (x)::int FROM jsonb_array_elements_text(${ids}::jsonb) AS x) GROUP BY sms_message_id) s
          LEFT JOIN (SELECT DISTINCT ON (mid) mid, error FROM jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) AS f(mid int, error text)) f
            ON f.mid = s.sms_message_id
        WHERE m.id = s.sms_message_id AND m.status IN ('sent', 'delivered', 'submitting')`)
      return hit
    })
    const found = new Set(matched.map((h) => `${h.provider_id}:${h.message_id}`))
    this.matchedReceipts += found.size
    for (const r of receipts) {
      if (found.has(`${r.pid}:${r.id}`)) continue
      if (r.tries + 1 >= RECEIPT_TRIES) {
        this.unknownReceipts += 1
        console.warn(`[sms] receipt for unknown message id ${r.id} (provider ${r.pid}) ignored`)
        continue
      }
      const timer = setTimeout(() => {
        this.retries.delete(timer)
        this.receipt(r.pid, r.id, r.ok, r.stat, r.tries + 1)
      }, RECEIPT_RETRY_MS)
      this.retries.add(timer)
    }
  }

  async close() {
    for (const timer of this.retries) clearTimeout(timer)
    this.retries.clear()
    await this.flush()
  }
}
