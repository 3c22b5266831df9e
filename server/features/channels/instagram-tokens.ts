/**
 * Instagram Login tokens live 60 days and are never renewed by use: the `instagram-tokens` schedule refreshes each one
 * about a week after it was issued (Meta refreshes a token at least 24 hours old and not expired) with
 * `GET graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token`, which answers a new token and its
 * lifetime, and the new one is used from then on. One job per tenant, oldest issue time and day (the idempotency key),
 * so a token is refreshed once, and every row holding it (the login and the account it connected) gets the new one.
 * A refusal marks those rows failed with Meta's reason, as a refused send or check does.
 */
import { sql } from "drizzle-orm"
import { GraphError } from "../../channels/meta/graph-client"
import { reasonOf } from "../../channels/meta/graph-errors"
import { enqueue, type JobHandler, type Schedule } from "../../core/jobs"
import type { Database } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Config } from "../../config"
import { hintOf, instagramBaseOf, sealSecrets, secretsOf, setHealth } from "./accounts"
import { accountsChanged } from "./meta-channel"

export const TOKEN_JOB = "channels.instagram-token"
/** A token this old is refreshed: well inside its 60 days, well past Meta's 24-hour minimum. */
const REFRESH_AFTER = "7 days"
const TIMEOUT_MS = 10_000

const issuedSql = sql`coalesce((config->>'token_issued_at')::timestamptz, created_at)`
/** Rows holding an Instagram Login token (the login's and its connected account's) due for a refresh at `now`. */
const dueSql = (now: Date) => sql`channel = 'instagram' AND config->>'login_kind' = 'instagram_login' AND status IN ('active', 'login')
  AND secrets <> '' AND health <> 'failed' AND ${issuedSql} < ${now.toISOString()}::timestamptz - ${REFRESH_AFTER}::interval`

export const schedules: Schedule[] = [
  {
    name: "instagram-tokens",
    tick: async (db, now) => {
      const due = rowsOf(
        await db.execute(sql`SELECT client_id, min(${issuedSql}) AS issued FROM channel_accounts WHERE ${dueSql(now)} GROUP BY client_id`),
      )
      let queued = 0
      for (const row of due) {
        const issued = new Date(String(row.issued instanceof Date ? row.issued.toISOString() : row.issued)).toISOString()
        const id = await enqueue(db, {
          kind: TOKEN_JOB,
          clientId: Number(row.client_id),
          // A token whose refresh got no answer at all (the job's tries used up) is tried again the next day.
          idempotencyKey: `instagram-token:${row.client_id}:${issued}:${now.toISOString().slice(0, 10)}`,
          maxAttempts: 3,
        })
        if (id !== null) queued += 1
      }
      return queued
    },
  },
]

interface Holder {
  readonly id: number
  readonly token: string
  readonly appSecret: string
}

type Refreshed =
  | { readonly old: string; readonly token: string; readonly expiresAt: string }
  | { readonly old: string; readonly reason: string }

/** Meta's refresh call (unversioned, the token in the query, as Meta documents it); a refusal is a GraphError. */
const refresh = async (baseUrl: string, token: string): Promise<{ token: string; expiresIn: number }> => {
  const url = `${baseUrl}/refresh_access_token?grant_type=ig_refresh_token&access_token=${encodeURIComponent(token)}`
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (error) {
    throw new GraphError(null, `Instagram did not answer: ${error instanceof Error ? error.message : String(error)}`, null)
  }
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: unknown
    expires_in?: unknown
    error?: { code?: unknown; message?: unknown }
  }
  if (!response.ok || body.error || typeof body.access_token !== "string") {
    const code = typeof body.error?.code === "number" ? body.error.code : null
    const message = typeof body.error?.message === "string" ? body.error.message : `Instagram answered ${response.status}`
    throw new GraphError(code, message, response.status)
  }
  return { token: body.access_token, expiresIn: Number(body.expires_in) || 0 }
}

/** The tenant's due rows, each with its token (decrypted here, never in SQL). */
const holdersOf = async (database: Database, config: Config, clientId: number, now: Date): Promise<Holder[]> =>
  rowsOf(await database.db.execute(sql`SELECT id, secrets FROM channel_accounts WHERE client_id = ${clientId} AND ${dueSql(now)}`)).map(
    (r) => {
      const secrets = secretsOf(config, { sealed: String(r.secrets) })
      return { id: Number(r.id), token: secrets.accessToken, appSecret: secrets.appSecret }
    },
  )

export const jobHandlers: readonly JobHandler[] = [
  {
    kind: TOKEN_JOB,
    // Meta's call happens here, outside the job's transaction; `run` stores what it answered.
    prepare: async (job, { services, clock }) => {
      if (job.clientId === null) return []
      const holders = await holdersOf(services.database, services.config, job.clientId, clock.now())
      const baseUrl = instagramBaseOf(services.config)
      const results: Refreshed[] = []
      for (const old of new Set(holders.map((h) => h.token))) {
        try {
          const fresh = await refresh(baseUrl, old)
          results.push({ old, token: fresh.token, expiresAt: new Date(clock.now().getTime() + fresh.expiresIn * 1000).toISOString() })
        } catch (error) {
          // No answer at all: the job tries again later; a refusal is final for this token.
          if (!(error instanceof GraphError) || error.code === null) throw error
          results.push({ old, reason: reasonOf(error.code, error.message) })
        }
      }
      return { holders, results }
    },
    run: async (job, ctx, prepared) => {
      const { holders, results } = (prepared ?? { holders: [], results: [] }) as { holders: Holder[]; results: Refreshed[] }
      const issuedAt = ctx.clock.now().toISOString()
      for (const result of results)
        for (const holder of holders.filter((h) => h.token === result.old)) {
          if ("reason" in result) {
            await setHealth(ctx.db, holder.id, "failed", result.reason)
            continue
          }
          const sealed = sealSecrets(ctx.services.config, { accessToken: result.token, appSecret: holder.appSecret })
          const settings = JSON.stringify({ token_issued_at: issuedAt, token_expires_at: result.expiresAt })
          await ctx.db.execute(sql`UPDATE channel_accounts SET secrets = ${sealed}, secret_hint = ${hintOf(result.token)},
              config = config || ${settings}::jsonb, updated_at = now()
            WHERE id = ${holder.id} AND client_id = ${job.clientId}`)
        }
      // Sends take accounts from this process's cache: they must see the new token (or the failure).
      if (results.length > 0) ctx.afterCommit(() => accountsChanged(ctx.services))
    },
  },
]
