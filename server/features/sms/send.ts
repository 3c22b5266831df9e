/**
 * `/sms/send`: one row per recipient (pasted numbers, a contact group's members, a segment's members; de-duplicated
 * by digits), each priced at parts × the mask's rate, and one `sms.send` job per 50 rows on the one durable queue, all
 * in the call's transaction. The job claims its rows (`queued` -> `submitting`, committed: the row id is the
 * idempotency key, so a retried or taken-over job never submits a row twice) and hands them to the gateway after its
 * commit (dispatch.ts). A schedule fails rows left `submitting` by a crashed process: never sent twice.
 */
import { randomUUID } from "node:crypto"
import { type SQL, sql } from "drizzle-orm"
import { SMS_MAX_PARTS, countSms, smsCost } from "../../../src/contract/sms-segments"
import { enqueue, type JobHandler, type Schedule } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf, userOf } from "../../http/context"
import { ApiError, badRequest, notFound } from "../../http/errors"
import { handle } from "../../core/registry"
import { loadSegment, segmentSql } from "../segments"
import { ensureCovers } from "../billing"
import { isUatContactSql } from "../uat"
import type { ClaimedRow } from "./claimed-row"
import { SEND_JOB, dispatch } from "./dispatch"
import { gatewayOf } from "./gateway"

const CHUNK = 200
/** A row still `submitting` this long after its claim belonged to a process that died mid-send. */
const INTERRUPTED_AFTER = "15 minutes"
const INTERRUPTED = "Interrupted before the gateway answered; not sent again to avoid a duplicate"

/** The mask a tenant sends under: its own, approved and active, on an active account; its rate. */
export const sendableMask = async (db: Db, clientId: number, maskingId: number) => {
  const [m] = rowsOf(
    await db.execute(sql`SELECT m.id, m.mask, m.status, m.active, c.active AS account_active, c.provider_id, p.active AS provider_active,
        coalesce(c.rate, p.rate) AS rate
      FROM sms_maskings m JOIN sms_clients c ON c.id = m.sms_client_id JOIN sms_providers p ON p.id = c.provider_id
      WHERE m.id = ${maskingId} AND m.client_id = ${clientId}`),
  )
  if (!m) throw notFound("Sender mask")
  if (m.status !== "approved") throw new ApiError(403, "FORBIDDEN", `The sender mask ${m.mask} is not approved yet`, "masking_id")
  if (!m.active || !m.account_active || !m.provider_active) throw badRequest(`The sender mask ${m.mask} is switched off`, "masking_id")
  return { id: Number(m.id), mask: String(m.mask), providerId: Number(m.provider_id), rate: Number(m.rate) }
}

/**
 * Billing: each part is debited when the carrier accepts it (status-sink.ts, in the transaction that marks the row
 * sent). Here, before anything is queued, the balance must cover this send and what the tenant's earlier sends still
 * have to be charged (queued or being submitted; UAT numbers are free): otherwise 402 and the whole send rolls back.
 */
const ensureSendCovered = async (db: Db, clientId: number, batchId: string, count: number) => {
  const [due] = rowsOf(
    await db.execute(sql`SELECT COALESCE(sum(m.cost) FILTER (WHERE m.batch_id = ${batchId}), 0)::float8 AS this_send,
        COALESCE(sum(m.cost) FILTER (WHERE m.batch_id <> ${batchId}), 0)::float8 AS earlier
      FROM sms_messages m WHERE m.client_id = ${clientId} AND m.status IN ('queued', 'submitting') AND NOT ${isUatContactSql("m")}`),
  )
  const thisSend = Number(due.this_send)
  const earlier = Number(due.earlier)
  const what = `${count} SMS${earlier > 0 ? ` (with ${earlier.toFixed(2)} still due for earlier sends)` : ""}`
  await ensureCovers(db, clientId, thisSend + earlier, what)
}

const digits = (n: string) => `+${n.replace(/\D/g, "")}`

type SendableMask = Awaited<ReturnType<typeof sendableMask>>

const numbersSql = (numbers: readonly string[]) =>
  sql`SELECT x AS number FROM jsonb_array_elements_text(${JSON.stringify(numbers.map(digits))}::jsonb) AS x`

/**
 * Queues `text` under `mask` to the numbers the `sources` select (or to `numbers`): one row per distinct number, one
 * `sms.send` job per chunk, in the caller's transaction. The one way SMS leave the server (`/sms/send`, OTP codes).
 */
export const queueSms = async (
  db: Db,
  job: { clientId: number; userId: number | null; mask: SendableMask; text: string; sources?: SQL[]; numbers?: readonly string[] },
) => {
  const { clientId, userId, mask, text } = job
  const count = countSms(text)
  if (count.parts > SMS_MAX_PARTS) throw badRequest(`The text needs ${count.parts} parts; at most ${SMS_MAX_PARTS} are allowed`, "text")
  const sources = [...(job.sources ?? []), ...(job.numbers?.length ? [numbersSql(job.numbers)] : [])]
  const batchId = randomUUID()
  const cost = smsCost(count.parts, 1, mask.rate)
  const inserted = rowsOf(
    await db.execute(sql`INSERT INTO sms_messages (client_id, provider_id, masking_id, user_id, batch_id, mask, number, body, parts, encoding, cost, status)
      SELECT ${clientId}, ${mask.providerId}, ${mask.id}, ${userId}, ${batchId}, ${mask.mask}, n.number, ${text}, ${count.parts},
        ${count.encoding}, ${cost}, 'queued'
      FROM (SELECT DISTINCT '+' || regexp_replace(s.number, '[^0-9]', '', 'g') AS number
            FROM (${sql.join(sources, sql` UNION ALL `)}) s) n
      WHERE length(n.number) BETWEEN 6 AND 17
      ORDER BY n.number
      RETURNING id, number`),
  )
  if (inserted.length === 0) throw badRequest("None of the chosen recipients has a phone number", "to")
  await ensureSendCovered(db, clientId, batchId, inserted.length)
  const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b)
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK)
    await enqueue(db, { kind: SEND_JOB, clientId, payload: { ids: chunk, round: 0 }, idempotencyKey: `sms:${batchId}:${i / CHUNK}` })
  }
  return { batchId, count, inserted }
}

export const handlers = [
  handle("sms", "smsSend", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const { userId } = userOf(ctx)
    const mask = await sendableMask(ctx.db, clientId, input.masking_id)
    const sources: SQL[] = []
    if (input.to?.length) sources.push(numbersSql(input.to))
    if (input.group_id !== undefined) {
      const [group] = rowsOf(
        await ctx.db.execute(sql`SELECT id FROM contact_groups WHERE id = ${input.group_id} AND client_id = ${clientId}`),
      )
      if (!group) throw badRequest("No such contact group", "group_id")
      sources.push(sql`SELECT ct.number FROM contacts ct JOIN contact_group_members x ON x.contact_id = ct.id
        WHERE ct.client_id = ${clientId} AND x.group_id = ${input.group_id} AND NOT ct.blocked`)
    }
    if (input.segment_id !== undefined) {
      const segment = await loadSegment(ctx.db, clientId, input.segment_id).catch(() => {
        throw badRequest("No such segment", "segment_id")
      })
      sources.push(sql`SELECT ct.number FROM contacts ct WHERE ct.client_id = ${clientId} AND NOT ct.blocked AND ${segmentSql(segment)}`)
    }
    if (sources.length === 0) throw badRequest("Choose at least one recipient: numbers, a contact group or a segment", "to")
    const { batchId, count, inserted } = await queueSms(ctx.db, { clientId, userId, mask, text: input.text, sources })
    return {
      data: {
        batch_id: batchId,
        count: inserted.length,
        parts: count.parts,
        encoding: count.encoding,
        cost: smsCost(count.parts, inserted.length, mask.rate),
        messages: inserted
          .slice(0, 100)
          .map((r) => ({ id: Number(r.id), to: String(r.number), status: "queued" as const, parts: count.parts })),
      },
    }
  }),
]

export const jobHandlers: JobHandler[] = [
  {
    kind: SEND_JOB,
    run: async (job, ctx) => {
      const { ids, round } = job.payload as { ids: number[]; round?: number }
      const claimed = rowsOf(
        await ctx.db.execute(sql`UPDATE sms_messages SET status = 'submitting', submitted_at = now()
          WHERE client_id = ${job.clientId} AND status = 'queued'
            AND id IN (SELECT (x)::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x)
          RETURNING id, client_id, number, body, mask, provider_id, encoding`),
      )
      const rows: ClaimedRow[] = claimed.map((r) => ({
        id: Number(r.id),
        clientId: Number(r.client_id),
        number: String(r.number),
        body: String(r.body),
        mask: String(r.mask),
        providerId: Number(r.provider_id),
        ucs2: r.encoding === "UCS-2",
      }))
      if (rows.length === 0) return
      // After the claim committed: a crash from here on leaves the rows `submitting`, never queued for a second send.
      ctx.afterCommit(() => gatewayOf(ctx.services).carry(dispatch(ctx.services, rows, round ?? 0)))
    },
  },
]

/** The sweep runs at most once a minute (schedules tick on every round of the queue). */
const SWEEP_EVERY_MS = 60_000
let lastSweep = 0

export const schedules: Schedule[] = [
  {
    name: "sms-interrupted",
    tick: async (db, now) => {
      if (now.getTime() - lastSweep < SWEEP_EVERY_MS && now.getTime() >= lastSweep) return 0
      lastSweep = now.getTime()
      const stale = rowsOf(
        await db.execute(sql`UPDATE sms_messages SET status = 'failed', error = ${INTERRUPTED}
          WHERE status = 'submitting' AND submitted_at < ${now.toISOString()}::timestamptz - ${INTERRUPTED_AFTER}::interval RETURNING id`),
      )
      return stale.length
    },
  },
]
