/**
 * The business's voice-call settings (onboarding.callSetting), one client_settings row ("call_setting") over the
 * defaults every business starts with; the softphone's getCallSetting answers them to every agent. Saving one runs
 * the `callSettingSaved` hook point in the save's transaction:
 *   softphone 10: the PBX is told at once whether the business records its calls (softphone/pbx-routes.ts).
 */
import { sql } from "drizzle-orm"
import type { CallSetting } from "../../../src/contract/schemas/tenants"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { type Ctx, tenantOf } from "../../http/context"
import { hookPoint } from "../../core/hooks"
import { handle } from "../../core/registry"

const KEY = "call_setting"

export interface CallSettingSaved {
  readonly ctx: Ctx
  readonly clientId: number
  readonly setting: CallSetting
}

export const callSettingSaved = hookPoint<CallSettingSaved>("onboarding.callSettingSaved")

export const DEFAULT_CALL_SETTING: CallSetting = {
  enabled: true,
  ring_timeout_seconds: 60,
  ring_at_once: 0,
  quick_replies: [],
  record_calls: false,
  recording_retention_days: 90,
}

export const callSettingOf = async (db: Db, clientId: number): Promise<CallSetting> => {
  const [row] = rowsOf(await db.execute(sql`SELECT value FROM client_settings WHERE client_id = ${clientId} AND key = ${KEY}`))
  const stored = (typeof row?.value === "string" ? JSON.parse(row.value) : (row?.value ?? {})) as Partial<CallSetting>
  // Only today's fields: a setting stored by an older version may carry one that no longer exists.
  const pick = <K extends keyof CallSetting>(key: K): CallSetting[K] => stored[key] ?? DEFAULT_CALL_SETTING[key]
  return {
    enabled: pick("enabled"),
    ring_timeout_seconds: pick("ring_timeout_seconds"),
    ring_at_once: pick("ring_at_once"),
    quick_replies: pick("quick_replies"),
    record_calls: pick("record_calls"),
    recording_retention_days: pick("recording_retention_days"),
  }
}

/** The businesses that record their calls (record_calls is off unless stored on). */
export const tenantsRecordingCalls = async (db: Db): Promise<number[]> =>
  rowsOf(
    await db.execute(sql`SELECT client_id FROM client_settings WHERE key = ${KEY} AND (value ->> 'record_calls')::boolean IS TRUE
      ORDER BY client_id`),
  ).map((row) => Number(row.client_id))

export const handlers = [
  handle("onboarding", "callSetting", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const next: CallSetting = { ...(await callSettingOf(ctx.db, clientId)), ...input }
    await ctx.db.execute(sql`INSERT INTO client_settings (client_id, key, value) VALUES (${clientId}, ${KEY}, ${JSON.stringify(next)}::jsonb)
      ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`)
    await callSettingSaved.run({ ctx, clientId, setting: next })
    return { data: next }
  }),
]
