/**
 * THE chat outbox: every outbound message is stored `queued` and reaches the channel only after the transaction that
 * stored it committed (an agent's or the API's send, a template, a reminder, an order or location reply, a chatbot's
 * turn, a campaign's batch). The writer enqueues one `chat.outbox` job for its messages in that same transaction
 * (`handOverAfterCommit`), so a writer rolled back hands nothing over, and a committed one is handed over even if its
 * process dies right after the commit.
 *
 * The job hands them over outside any transaction (`prepare`): many conversations at once, each conversation's messages
 * in order (a later one waits for the earlier one), then marks every accepted message `sent` with the channel's id in
 * ONE update (its conversations locked first, as every status change does: status-store.ts `lockMessageConversation`).
 * A retried or re-claimed job skips every message that is no longer `queued`. When the channel refuses one, the ones
 * it accepted are marked before the job retries, so only the rest go again; on the last attempt the rest end `failed`
 * with the channel's reason (and so do their campaign recipients).
 *
 * A writer that answers with the channel's id (the API's and the agent's sends) takes its job right after the commit
 * (`handOverNow`, jobs.ts `takeJob`): the same hand-over, for its messages only, and a refusal ends them `failed` at
 * once and is the call's error. Its job is due a few seconds later, so a worker takes it only if that process died.
 * Its messages were not shown at the commit (the console replaces its pending bubble by the channel's id): whoever
 * records the channel's answer shows them, `chat:message` with the final state in the transaction of that update.
 *
 * Every hand-over carries the key `msg:<message id>` (OutboundMessage.key): the window left, a process dying between
 * the channel's answers and the update that records them, hands those messages over again with the same key, which
 * the built-in simulator, the web chat and the fake Meta de-duplicate (docs/decisions/transactional-outbox.md for Meta).
 */
import { sql } from "drizzle-orm"
import type { Channel } from "../../../src/contract/schemas/common"
import { enqueue, type Job, type JobHandler, takeJob } from "../../core/jobs"
import { rowsOf } from "../../db/rows"
import type { Services } from "../../http/context"
import { ApiError } from "../../http/errors"
import { announceMessages } from "./announce"
import { type ChatWriter, emitChat, inChatTransaction } from "./chat-bus"
import { chatHubOf } from "./chat-hub"
import { handOverRefused } from "./hooks"

export const OUTBOX_JOB = "chat.outbox"
const ATTEMPTS = 5
/** A mark that fails (a deadlock with a delivery report) is tried again: throwing would hand the messages over again. */
const MARK_ATTEMPTS = 5
/** Conversations handed over at the same time by one job. */
const PARALLEL = 32
/** How long an answered send's job waits for its writer's own hand-over before a worker may take it (the writer died). */
const ANSWER_GRACE_MS = 10_000
/** How long an answered send waits for a worker that took its job first. */
const SETTLE_MS = 30_000

const jobKeyOf = (messageIds: readonly number[]) => `outbox:${messageIds[0]}`
/** The key the channel de-duplicates a hand-over by. */
export const handOverKey = (messageId: number) => `msg:${messageId}`

/**
 * In the writer's transaction: the job that hands these queued messages (in this order) over once it commits. `dueAt`:
 * the writer's own due time when it is a job (a campaign's batch): the hand-over is due just before it, so the queue
 * (oldest due first) claims it before the writer's siblings still waiting, instead of behind a whole campaign's batches.
 */
export const handOverAfterCommit = async (
  writer: ChatWriter,
  clientId: number,
  messageIds: readonly number[],
  when: { readonly dueAt?: Date; readonly answered?: boolean } = {},
) => {
  if (messageIds.length === 0) return
  // answered: the writer hands them over itself right after its commit (handOverNow); the job is for its death.
  const runAt = when.answered ? new Date(Date.now() + ANSWER_GRACE_MS) : when.dueAt && new Date(when.dueAt.getTime() - 1)
  await enqueue(writer.db, {
    kind: OUTBOX_JOB,
    clientId,
    runAt,
    payload: { message_ids: messageIds, ...(when.answered ? { answered: true } : {}) },
    idempotencyKey: jobKeyOf(messageIds),
    maxAttempts: ATTEMPTS,
  })
}

interface Queued {
  readonly id: number
  readonly conversationId: number
  readonly channel: Channel
  readonly number: string
  readonly type: string
  readonly body: string
  readonly payload: Record<string, unknown>
}

const json = (value: unknown): Record<string, unknown> =>
  (typeof value === "string" ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>

/**
 * The job's messages still waiting, by conversation, each conversation's in id order, with the earlier ones still
 * waiting in the same conversations (another writer's, whose job has not run yet), so a conversation's messages reach
 * the channel in order. Two jobs running at once may both hand such a message over: with the same key, which the
 * receiver de-duplicates, and only the first answer is recorded.
 */
const queuedOf = async (services: Services, clientId: number, ids: readonly number[]): Promise<Queued[][]> => {
  const list = JSON.stringify(ids)
  const rows = rowsOf(
    await services.database.db.execute(sql`SELECT m.id, m.conversation_id, m.type, m.body, m.payload, ct.channel, ct.number
      FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id
      WHERE m.client_id = ${clientId} AND m.direction = 'out' AND m.status = 'queued' AND m.conversation_id IN (
          SELECT j.conversation_id FROM messages j WHERE j.id IN (SELECT x::int FROM jsonb_array_elements_text(${list}::jsonb) AS x))
        AND m.id <= (SELECT max(x::int) FROM jsonb_array_elements_text(${list}::jsonb) AS x)
      ORDER BY m.id`),
  )
  const groups = new Map<number, Queued[]>()
  for (const r of rows) {
    const m: Queued = {
      id: Number(r.id),
      conversationId: Number(r.conversation_id),
      channel: String(r.channel) as Channel,
      number: String(r.number),
      type: String(r.type),
      body: String(r.body ?? ""),
      payload: json(r.payload),
    }
    groups.set(m.conversationId, [...(groups.get(m.conversationId) ?? []), m])
  }
  return [...groups.values()]
}

/** Runs `work` over `items`, at most `limit` at once. */
const eachLimited = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/**
 * Sets the status of still-queued messages in one update, their conversations locked first, and tells the consoles in
 * that transaction: `chat:message-status` for the ones they were shown when queued (`shown`), the whole message
 * (`chat:message`, with its state and the channel's id) for the others; answers the changed ones.
 */
const mark = async (
  services: Services,
  clientId: number,
  rows: readonly { id: number; external_id: string | null; error?: string }[],
  status: "sent" | "failed",
  shown: ReadonlySet<number>,
) => {
  if (rows.length === 0) return []
  const x = JSON.stringify(rows)
  for (let attempt = 1; ; attempt++) {
    try {
      return await inChatTransaction(services, async (writer) => {
        const tx = writer.db
        // One statement: the conversations are locked (in id order) by the one-time filter, evaluated once before any
        // message row is read, so the messages are updated only with their conversations held.
        const changed = rowsOf(
          await tx.execute(sql`WITH locked AS (SELECT c.id FROM conversations c WHERE c.id IN (SELECT m.conversation_id FROM messages m
              WHERE m.id IN (SELECT (e ->> 'id')::int FROM jsonb_array_elements(${x}::jsonb) AS e))
            ORDER BY c.id FOR UPDATE)
          UPDATE messages m SET status = ${status}, external_id = coalesce(x.external_id, m.external_id),
              payload = CASE WHEN x.error IS NULL THEN m.payload ELSE m.payload || jsonb_build_object('error', x.error) END
            FROM jsonb_to_recordset(${x}::jsonb) AS x(id int, external_id text, error text)
            WHERE (SELECT count(*) FROM locked) >= 0
              AND m.id = x.id AND m.client_id = ${clientId} AND m.status = 'queued' RETURNING m.id, m.conversation_id`),
        ).map((r) => ({ id: Number(r.id), conversationId: Number(r.conversation_id) }))
        if (status === "failed") {
          await handOverRefused.run({
            db: tx,
            clientId,
            messageIds: changed.map((m) => m.id),
            reason: rows[0]?.error ?? "The channel refused the message",
          })
        }
        await emitChat(
          writer,
          clientId,
          "chat:message-status",
          changed.filter((m) => shown.has(m.id)).map((m) => ({ conversation_id: m.conversationId, message_id: m.id, status })),
        )
        await announceMessages(
          writer,
          clientId,
          changed.filter((m) => !shown.has(m.id)).map((m) => m.id),
        )
        return changed
      })
    } catch (error) {
      if (attempt >= MARK_ATTEMPTS) throw error
    }
  }
}

/**
 * Hands the still-queued messages among `ids` to the channel and records what it answered; answers the first refusal
 * (null: none). `final`: the refused ones end `failed` now instead of waiting for a retry. `answered`: the writer of
 * `ids` did not show them when it queued them. Another writer's earlier messages taken along are shown whole too (not
 * known whether they were shown; the console replaces a message it has by its id).
 */
const deliver = async (
  services: Services,
  clientId: number,
  ids: readonly number[],
  final: boolean,
  answered: boolean,
): Promise<unknown> => {
  const shown = new Set(answered ? [] : ids)
  const groups = await queuedOf(services, clientId, ids)
  const handed: { id: number; external_id: string }[] = []
  const refused: Queued[] = []
  let failure: unknown = null
  const channel = chatHubOf(services).channel
  await eachLimited(groups, PARALLEL, async (group) => {
    for (const [i, m] of group.entries()) {
      try {
        const { externalId } = await channel.send({
          clientId,
          channel: m.channel,
          number: m.number,
          type: m.type,
          body: m.body,
          payload: m.payload,
          key: handOverKey(m.id),
        })
        handed.push({ id: m.id, external_id: externalId })
      } catch (error) {
        failure ??= error
        // The conversation's later messages wait for this one (order).
        refused.push(...group.slice(i))
        return
      }
    }
  })
  await mark(services, clientId, handed, "sent", shown)
  if (failure === null || !final) return failure
  const reason = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500)
  await mark(
    services,
    clientId,
    refused.map((m) => ({ id: m.id, external_id: null, error: reason })),
    "failed",
    shown,
  )
  return failure
}

const handOver = async (job: Job, { services }: { services: Services }) => {
  const failure = await deliver(
    services,
    Number(job.clientId),
    (job.payload.message_ids as number[]) ?? [],
    job.attempts >= job.maxAttempts,
    job.payload.answered === true,
  )
  if (failure !== null) throw failure
}

const outcomeOf = async (services: Services, clientId: number, ids: readonly number[]) =>
  rowsOf(
    await services.database.db.execute(sql`SELECT m.id, m.status, m.external_id, m.payload ->> 'error' AS error FROM messages m
      WHERE m.id IN (SELECT x::int FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS x) AND m.client_id = ${clientId}`),
  )

/**
 * After the writer's commit (its `handOverAfterCommit(..., { answered: true })`): hands its messages over now (shown,
 * sent or failed, with the update that records them) and answers their channel ids in order; throws the channel's
 * refusal (those messages end `failed`, never retried). When a worker took the job first, waits for its outcome.
 */
export const handOverNow = async (services: Services, clientId: number, messageIds: readonly number[]): Promise<string[]> => {
  if (messageIds.length === 0) return []
  const taken = await takeJob(services.database, jobKeyOf(messageIds))
  if (taken) {
    const failure = await deliver(services, clientId, messageIds, true, true)
    await taken.done()
    if (failure !== null) throw failure
  }
  const deadline = Date.now() + SETTLE_MS
  for (;;) {
    const rows = await outcomeOf(services, clientId, messageIds)
    const failed = rows.find((r) => r.status === "failed")
    if (failed) throw new ApiError(502, "CHANNEL_REFUSED", String(failed.error ?? "The channel refused the message"))
    const byId = new Map(rows.map((r) => [Number(r.id), r.external_id]))
    if (rows.every((r) => r.status !== "queued")) return messageIds.map((id) => String(byId.get(id) ?? ""))
    if (Date.now() > deadline) throw new ApiError(504, "CHANNEL_PENDING", "The channel has not answered yet; the message stays queued")
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export const jobHandlers: JobHandler[] = [{ kind: OUTBOX_JOB, prepare: handOver, run: async () => {}, sharesCommit: true }]
