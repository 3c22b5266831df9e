/**
 * THE idle-close rule, stored once (client_settings `session_message`): whether idle conversations close by themselves,
 * after how many minutes without a message either way, and the tenant's own closing message (null: ours, in the
 * tenant's language: customer-texts.ts). The Session Timeout screen (/session/message) and the settings
 * (`session_timeout_minutes`, `session_timeout_enabled` of /update/allsettings) read and write this same row.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { storedSettings } from "./settings-rows"

export const SESSION_KEY = "session_message"

export interface SessionRule {
  readonly id: number | null
  readonly enabled: boolean
  readonly timeout_minutes: number
  /** The tenant's own text; null until it writes one. */
  readonly message: string | null
}

const DEFAULT_RULE = { enabled: false, timeout_minutes: 30, message: null }

/** The rule from its stored value (undefined: never saved). */
export const ruleOf = (id: number | null, stored: unknown): SessionRule => {
  if (stored === undefined || stored === null) return { id: null, ...DEFAULT_RULE }
  const value = (typeof stored === "string" ? JSON.parse(stored) : stored) as Partial<SessionRule>
  return {
    id,
    enabled: value.enabled ?? DEFAULT_RULE.enabled,
    timeout_minutes: value.timeout_minutes ?? DEFAULT_RULE.timeout_minutes,
    message: value.message?.trim() ? value.message : null,
  }
}

export const sessionRuleOf = async (db: Db, clientId: number): Promise<SessionRule> => {
  const [row] = rowsOf(await db.execute(sql`SELECT id, value FROM client_settings WHERE client_id = ${clientId} AND key = ${SESSION_KEY}`))
  return row ? ruleOf(Number(row.id), row.value) : ruleOf(null, undefined)
}

/** Saves the fields given over what is stored; answers the rule as saved. */
export const saveSessionRule = async (db: Db, clientId: number, change: Partial<Omit<SessionRule, "id">>): Promise<SessionRule> => {
  const current = await sessionRuleOf(db, clientId)
  const value = {
    enabled: change.enabled ?? current.enabled,
    timeout_minutes: change.timeout_minutes ?? current.timeout_minutes,
    message: change.message === undefined ? current.message : change.message,
  }
  storedSettings.forget(db, clientId)
  const [row] = rowsOf(
    await db.execute(sql`INSERT INTO client_settings (client_id, key, value) VALUES (${clientId}, ${SESSION_KEY}, ${JSON.stringify(value)}::jsonb)
    ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now() RETURNING id`),
  )
  return { id: Number(row.id), ...value }
}
