/**
 * What the gateways report, written in batches (one statement per ~200 outcomes instead of one per message):
 * - submit outcomes: a row becomes sent (with its parts' SMSC ids), failed, or queued again for a later job;
 * - delivery receipts: matched to parts by (provider, SMSC message id) (receipts.ts); one whose id matches nothing yet
 *   waits in a job on the queue for another try (the submit's own write may still be in its batch).
 * Everything goes through `database` outside any transaction of a job, so a job's transaction never waits on it.
 */
import { sql } from "drizzle-orm"
import type { Database, Db } from "../../db/db"
import { debitIncurredUnlessUat } from "../billing"
import { rowsOf } from "../../db/rows"
import { type Receipt, receiptFigures, recordSettled, settleReceipts } from "./receipts"

export interface SubmitResult {
  readonly id: number
  readonly status: "sent" | "failed"
  readonly error?: string
  readonly parts?: readonly { readonly no: number; readonly messageId: string }[]
  readonly providerId: number
}

const FLUSH_MS = 25
const FLUSH_AT = 500

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
      { kind: "sms", messages: rows.length, parts },
      `sms:${rows[0].batch_id}`,
    )
  }
}

export class StatusSink {
  private results: SubmitResult[] = []
  private receipts: Receipt[] = []
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()

  constructor(private readonly database: Database) {}

  /** Receipts that matched no message on any try (logged and ignored), here or in their jobs. */
  get unknownReceipts() {
    return receiptFigures(this.database).unknown
  }

  get matchedReceipts() {
    return receiptFigures(this.database).matched
  }

  result(result: SubmitResult) {
    this.results.push(result)
    this.schedule()
  }

  receipt(providerId: number, messageId: string, delivered: boolean, stat: string) {
    this.receipts.push({ pid: providerId, id: messageId, ok: delivered, stat })
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
    const settled = await this.database.transaction((tx) => settleReceipts(tx, receipts, 0, new Date()))
    recordSettled(this.database, settled)
  }

  async close() {
    await this.flush()
  }
}
