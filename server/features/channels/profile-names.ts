/**
 * A new Messenger or Instagram customer's name, from Meta's User Profile API (channels/meta/profiles-api.ts), fetched
 * once per customer by a job on THE queue (enqueued with their first message in the webhook job's transaction; the
 * idempotency key makes it once per customer, for good): `prepare` asks Meta outside any transaction, `run` stores the
 * name on the contact only while the contact has none (a name an agent typed, or one fetched before, is never
 * overwritten) and the agents' conversation lists get the conversation again with it. Meta refusing the person (no
 * consent, blocked, unknown) leaves the customer shown by their id and is not asked again; throttling and an
 * unreachable Meta are tried again a few times, then left.
 */
import { sql } from "drizzle-orm"
import { GraphError } from "../../channels/meta/graph-client"
import { customerProfile, isWorthRetrying } from "../../channels/meta/profiles-api"
import { enqueue, type Job, type JobContext, type JobHandler } from "../../core/jobs"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { emitChat, loadConversation } from "../chat"
import { pageApiOf, routedAccount } from "./accounts"

export const PROFILE_JOB = "channels.profile"
const ATTEMPTS = 3

interface ProfileJob {
  readonly channel: "facebook" | "instagram"
  /** The page or Instagram account the customer wrote to: its connection asks Meta. */
  readonly accountId: string
  readonly customer: string
}

/** In the webhook job's transaction, after the customer's message was stored: their name, once, when the contact has none. */
export const lookUpNameOnce = async (db: Db, clientId: number, job: ProfileJob) => {
  const [contact] = rowsOf(
    await db.execute(
      sql`SELECT name FROM contacts WHERE client_id = ${clientId} AND channel = ${job.channel} AND number = ${job.customer}`,
    ),
  )
  if (!contact || String(contact.name ?? "") !== "") return
  await enqueue(db, {
    kind: PROFILE_JOB,
    clientId,
    payload: { ...job },
    idempotencyKey: `meta-profile:${clientId}:${job.channel}:${job.customer}`,
    maxAttempts: ATTEMPTS,
  })
}

type Looked = { readonly name: string } | { readonly none: string }

const lookUp = async (job: Job, services: JobContext["services"]): Promise<Looked> => {
  const p = job.payload as unknown as ProfileJob
  const account = await routedAccount(services.database.db, job.clientId ?? 0, p.channel, p.accountId)
  if (!account) return { none: `${p.channel} account ${p.accountId} is no longer connected` }
  try {
    const profile = await customerProfile(pageApiOf(services.config, account), p.channel, p.customer)
    return profile.name ? { name: profile.name } : { none: "Meta has no name for this person" }
  } catch (error) {
    if (!(error instanceof GraphError)) throw error
    if (isWorthRetrying(error) && job.attempts < job.maxAttempts) throw error
    return { none: error.message }
  }
}

const store = async (job: Job, ctx: JobContext, looked: Looked) => {
  const clientId = job.clientId ?? 0
  const p = job.payload as unknown as ProfileJob
  if ("none" in looked) {
    console.info(`[channels] tenant ${clientId}: no profile name for ${p.channel} customer ${p.customer}: ${looked.none}`)
    return
  }
  const [named] = rowsOf(
    await ctx.db.execute(sql`UPDATE contacts SET name = ${looked.name.slice(0, 200)} WHERE client_id = ${clientId}
      AND channel = ${p.channel} AND number = ${p.customer} AND name = '' RETURNING id`),
  )
  if (!named) return
  const open = rowsOf(
    await ctx.db.execute(sql`SELECT id FROM conversations WHERE client_id = ${clientId} AND contact_id = ${Number(named.id)}
      AND status <> 'closed'`),
  )
  for (const row of open)
    await emitChat(ctx, clientId, "chat:conversation", { conversation: await loadConversation(ctx.db, clientId, Number(row.id)) })
}

export const jobHandlers: readonly JobHandler[] = [
  {
    kind: PROFILE_JOB,
    prepare: (job, ctx) => lookUp(job, ctx.services),
    run: (job, ctx, prepared) => store(job, ctx, prepared as Looked),
  },
]
