/** A webhook row as the contract answers it, and the rules of its fields (URL, event types, secret). */
import { randomBytes } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Webhook } from "../../../src/contract/schemas/security"
import { isEventType } from "../../core/events"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { badRequest, notFound } from "../../http/errors"
import { iso } from "../../core/date-range"
import { refusedLiteral } from "./target-rules"

/** Failed attempts in a row after which the server disables a webhook (WEBHOOK_DISABLE_AFTER, 20). */
export const disableAfter = () => Math.max(1, Number(process.env.WEBHOOK_DISABLE_AFTER) || 20)
/** How long a receiver may take to answer (WEBHOOK_TIMEOUT_MS, 10 s). */
export const deliveryTimeoutMs = () => Math.max(50, Number(process.env.WEBHOOK_TIMEOUT_MS) || 10_000)
/** Webhooks one tenant may keep. */
export const MAX_WEBHOOKS = 20

export const newSecret = () => `whsec_${randomBytes(24).toString("base64url")}`

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** https to public addresses (and, in development and tests, `dev`, this machine's loopback, over http too). */
export const checkUrl = (url: string, dev: boolean): string => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw badRequest("The URL is not valid", "url")
  }
  if (parsed.username || parsed.password) throw badRequest("The URL may not carry a user name or password", "url")
  if (refusedLiteral(parsed.hostname, dev))
    throw badRequest(
      dev ? "Webhooks go to public addresses only (and this machine in development)" : "Webhooks go to public addresses only",
      "url",
    )
  if (parsed.protocol === "https:") return parsed.toString()
  if (parsed.protocol === "http:" && dev && LOCAL_HOSTS.has(parsed.hostname)) return parsed.toString()
  throw badRequest(dev ? "Use an https URL (http only to localhost in development)" : "Use an https URL", "url")
}

export const checkEvents = (events: readonly string[]): string[] => {
  const unknown = events.find((e) => !isEventType(e))
  if (unknown !== undefined) throw badRequest(`Unknown event type: ${unknown}`, "events")
  return [...new Set(events)]
}

const arrayOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.map(String)
  // node-postgres answers text[] as an array; PGlite too, but be tolerant of the `{a,b}` text form.
  const text = String(value ?? "{}")
  return text === "{}" ? [] : text.slice(1, -1).split(",")
}

export const webhookOf = (r: Record<string, unknown>, revealSecret = false): Webhook => ({
  id: Number(r.id),
  url: String(r.url),
  events: arrayOf(r.events),
  secret_hint: `…${String(r.secret).slice(-4)}`,
  ...(revealSecret ? { secret: String(r.secret) } : {}),
  active: Boolean(r.active),
  last_status: r.last_status === null ? null : Number(r.last_status),
  last_delivery_at: r.last_delivery_at === null ? null : iso(r.last_delivery_at),
  consecutive_failures: Number(r.consecutive_failures),
  disabled_reason: r.disabled_reason === null ? null : String(r.disabled_reason),
  disabled_at: r.disabled_at === null ? null : iso(r.disabled_at),
  created_at: iso(r.created_at),
})

/** The tenant's webhook `id` (locked for update when asked), or 404: another tenant's id is simply not found. */
export const loadWebhook = async (db: Db, clientId: number, id: number, lock = false) => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT * FROM webhooks WHERE id = ${id} AND client_id = ${clientId} ${lock ? sql`FOR UPDATE` : sql``}`),
  )
  if (!row) throw notFound("Webhook")
  return row
}
