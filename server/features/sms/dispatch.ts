/**
 * Hands claimed rows (status `submitting`, committed) to their gateway, part by part with UDH concatenation, within
 * the provider's window. Each row ends in exactly one outcome, at most one submission per part:
 * - every part accepted: sent (the parts' SMSC ids kept for the receipts);
 * - a part refused for good: failed with the SMPP error;
 * - throttled (or the queue full) on the first part after a few quick retries, or no connection at all: nothing left
 *   the server, so the row is queued again for a later job on the one queue (with the queue's backoff);
 * - the connection dropped while a part waited for its answer: the gateway may have it, so the row is failed, never
 *   sent twice.
 */
import { sql } from "drizzle-orm"
import { randomInt } from "node:crypto"
import { splitSms } from "../../../src/contract/sms-segments"
import { backoffMs, enqueue } from "../../core/jobs"
import type { Services } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { gatewayOf } from "./gateway"
import { sendOverHttp } from "./http-provider"
import { type ProviderRow, providerRowOf } from "./provider-rows"
import { ConnectionLost, NotSent, type SmppLink } from "./smpp-link"
import type { ClaimedRow, Outcome } from "./claimed-row"

export const SEND_JOB = "sms.send"
/** Rounds on the queue before a row that never got through is failed (1 s, 2 s … about 4 minutes in all). */
export const MAX_ROUNDS = 8
const THROTTLE_RETRIES_MS = [100, 250, 500, 1000]
/** A part that never left (the link is down): tried again after the link's own reconnect backoff (0.5 s, 1 s, 2 s …). */
const NOT_SENT_RETRIES_MS = [500, 1000, 2000, 4000, 8000]

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** `05 00 03 ref total seq`: the 8-bit-reference concatenation header. */
export const concatUdh = (ref: number, total: number, seq: number) => Buffer.from([0x05, 0x00, 0x03, ref, total, seq])

const overSmpp = async (link: SmppLink, row: ClaimedRow): Promise<Outcome> => {
  const texts = splitSms(row.body)
  const ref = randomInt(0, 256)
  const accepted: { no: number; messageId: string }[] = []
  const failed = (error: string): Outcome => ({
    result: { id: row.id, status: "failed", error, parts: accepted, providerId: row.providerId },
  })
  for (const [index, text] of texts.entries()) {
    const part = {
      from: row.mask,
      to: row.number,
      text,
      ucs2: row.ucs2,
      udh: texts.length > 1 ? concatUdh(ref, texts.length, index + 1) : undefined,
    }
    for (let attempt = 0; ; attempt++) {
      let outcome: Awaited<ReturnType<SmppLink["submit"]>>
      try {
        outcome = await link.submit(part)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        if (error instanceof NotSent && accepted.length === 0) return { requeue: message }
        // A later part that never left waits for the link to come back (earlier parts are with the gateway already).
        if (error instanceof NotSent && attempt < NOT_SENT_RETRIES_MS.length) {
          await pause(NOT_SENT_RETRIES_MS[attempt])
          continue
        }
        if (error instanceof NotSent) return failed(`${message}; part ${index + 1} never left after ${attempt + 1} tries`)
        if (error instanceof ConnectionLost) return failed(`${message}; not sent again, the gateway may already have it`)
        throw error
      }
      if (outcome.kind === "accepted") {
        accepted.push({ no: index + 1, messageId: outcome.messageId })
        break
      }
      if (outcome.kind === "rejected") return failed(`Refused by the gateway: ${outcome.error}`)
      if (attempt < THROTTLE_RETRIES_MS.length) {
        await pause(THROTTLE_RETRIES_MS[attempt])
        continue
      }
      if (accepted.length === 0) return { requeue: `Gateway busy: ${outcome.error}` }
      return failed(`Gateway busy after part ${accepted.length}: ${outcome.error}`)
    }
  }
  return { result: { id: row.id, status: "sent", parts: accepted, providerId: row.providerId } }
}

const send = (services: Services, provider: ProviderRow, row: ClaimedRow): Promise<Outcome> => {
  if (!provider.active)
    return Promise.resolve({ result: { id: row.id, status: "failed", error: "The SMS provider is switched off", providerId: provider.id } })
  if (provider.kind === "http") return sendOverHttp(services, provider, row)
  return overSmpp(gatewayOf(services).linkOf(provider), row)
}

/** Rows that never left go back on the queue as one job (or fail once they used their rounds). */
const requeue = async (services: Services, rows: readonly ClaimedRow[], reasons: readonly string[], round: number) => {
  if (rows.length === 0) return
  const ids = rows.map((r) => r.id)
  const idList = JSON.stringify(ids)
  const last = round + 1 >= MAX_ROUNDS
  await services.database.transaction(async (tx) => {
    await tx.execute(sql`UPDATE sms_messages SET status = ${last ? "failed" : "queued"}, error = ${reasons[0] ?? null}
      WHERE id IN (SELECT (x)::int FROM jsonb_array_elements_text(${idList}::jsonb) AS x) AND status = 'submitting'`)
    if (last) return
    await enqueue(tx, {
      kind: SEND_JOB,
      clientId: rows[0].clientId,
      payload: { ids, round: round + 1 },
      runAt: new Date(Date.now() + backoffMs(round + 1)),
      idempotencyKey: `sms:${ids[0]}:${ids.length}:${round + 1}`,
    })
  })
}

/** Submits claimed rows (runs after the claim committed, outside any transaction). */
export const dispatch = async (services: Services, rows: readonly ClaimedRow[], round: number): Promise<void> => {
  const providerIds = JSON.stringify([...new Set(rows.map((r) => r.providerId))])
  const providers = new Map(
    rowsOf(
      await services.database.db.execute(
        sql`SELECT * FROM sms_providers WHERE id IN (SELECT (x)::int FROM jsonb_array_elements_text(${providerIds}::jsonb) AS x)`,
      ),
    ).map((r) => [Number(r.id), providerRowOf(r)]),
  )
  const sink = gatewayOf(services).sink
  const again: ClaimedRow[] = []
  const reasons: string[] = []
  await Promise.all(
    rows.map(async (row) => {
      const provider = providers.get(row.providerId)
      const outcome: Outcome = provider
        ? await send(services, provider, row).catch((error) => ({
            result: {
              id: row.id,
              status: "failed",
              error: `Sending failed: ${error instanceof Error ? error.message : error}`,
              providerId: row.providerId,
            },
          }))
        : { result: { id: row.id, status: "failed", error: "The SMS provider was removed", providerId: row.providerId } }
      if ("requeue" in outcome) {
        again.push(row)
        reasons.push(outcome.requeue)
      } else sink.result(outcome.result)
    }),
  )
  await requeue(services, again, reasons, round)
}
