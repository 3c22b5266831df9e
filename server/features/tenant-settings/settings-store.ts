/**
 * The tenant's settings (onboarding.clientAllsettings / updateAllsettings), one client_settings row per key: the
 * time zone (key `time_zone`, which reports and reminders read), language, chat behaviour, `default_country` (the CSV
 * import and the public form read numbers in it) and `contact_form` (the public form's fields). A setting never saved
 * answers its default. The form's link is made here from the contact form's public module (server/features/contact-form);
 * turning the form off revokes it. The session timeout is the Session Timeout screen's rule (session-rule.ts), not a
 * key of its own. What each setting does: docs/features/tenant-settings.md.
 */
import { sql } from "drizzle-orm"
import type { ClientSettings } from "../../../src/contract/schemas/tenants"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest } from "../../http/errors"
import { handle } from "../../core/registry"
import { FORM_KEY, linkOf, newFormKey } from "../contact-form"
import { CAPACITY_DEFAULTS } from "../chat"
import { serveWaitingLater } from "../routing"
import { ruleOf, SESSION_KEY, saveSessionRule } from "./session-rule"
import { settingsOf, storedSettings } from "./settings-rows"
import { isTimeZone } from "../../../src/contract/time-zone"

/** Contract field → stored key (the time zone keeps the key the SQL function tenant_zone() reads). */
const KEYS = {
  timezone: "time_zone",
  language: "language",
  auto_assign: "auto_assign",
  max_chats_per_agent: "max_chats_per_agent",
  working_hours: "working_hours",
  away_message: "away_message",
  survey_enabled: "survey_enabled",
  default_country: "default_country",
  contact_form: "contact_form",
  retention_days: "retention_days",
  max_sms_per_agent: "max_sms_per_agent",
  max_calls_per_agent: "max_calls_per_agent",
  queue_position_messages: "queue_position_messages",
  queue_priority_rules: "queue_priority_rules",
  call_waiting: "call_waiting",
} as const
type Field = keyof typeof KEYS

const DEFAULTS = {
  timezone: "UTC",
  language: "en",
  auto_assign: false,
  max_chats_per_agent: CAPACITY_DEFAULTS.chat,
  working_hours: [],
  away_message: null,
  survey_enabled: false,
  default_country: null,
  contact_form: { enabled: false, fields: [] },
  retention_days: null,
  max_sms_per_agent: CAPACITY_DEFAULTS.sms,
  max_calls_per_agent: CAPACITY_DEFAULTS.voice,
  queue_position_messages: false,
  queue_priority_rules: [],
  call_waiting: false,
} as const

export const putSetting = async (db: Db, clientId: number, key: string, value: unknown) => {
  storedSettings.forget(db, clientId)
  await db.execute(sql`INSERT INTO client_settings (client_id, key, value) VALUES (${clientId}, ${key}, ${JSON.stringify(value)}::jsonb)
    ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`)
}

export type TenantSettings = Required<Omit<ClientSettings, "contact_form">> & {
  readonly contact_form: NonNullable<ClientSettings["contact_form"]>
}

/** The tenant's settings as they act now (a setting never saved: its default), the form's link left empty. */
export const tenantSettings = async (db: Db, clientId: number): Promise<TenantSettings> => settingsFrom(await settingsOf(db, clientId))

/** `tenantSettings` from this process's cache (settings-rows.ts): on a customer's message, at most TENANT_CACHE_TTL_MS old. */
export const recentTenantSettings = async (db: Db, clientId: number): Promise<TenantSettings> =>
  settingsFrom(await storedSettings.get(db, clientId))

const settingsFrom = (stored: Record<string, unknown>): TenantSettings => {
  const session = ruleOf(null, stored[SESSION_KEY])
  const value = <F extends Field>(field: F) => (stored[KEYS[field]] ?? DEFAULTS[field]) as ClientSettings[F]
  const form = value("contact_form") ?? DEFAULTS.contact_form
  return {
    timezone: value("timezone"),
    language: value("language"),
    session_timeout_minutes: session.timeout_minutes,
    session_timeout_enabled: session.enabled,
    auto_assign: value("auto_assign"),
    max_chats_per_agent: value("max_chats_per_agent"),
    working_hours: value("working_hours"),
    away_message: value("away_message"),
    survey_enabled: value("survey_enabled"),
    default_country: value("default_country") ?? null,
    contact_form: { enabled: form.enabled, fields: form.fields, link: null },
    retention_days: value("retention_days") ?? null,
    max_sms_per_agent: value("max_sms_per_agent") ?? CAPACITY_DEFAULTS.sms,
    max_calls_per_agent: value("max_calls_per_agent") ?? CAPACITY_DEFAULTS.voice,
    queue_position_messages: value("queue_position_messages") ?? false,
    queue_priority_rules: value("queue_priority_rules") ?? [],
    call_waiting: value("call_waiting") ?? false,
  }
}

const answer = async (ctx: Ctx, clientId: number): Promise<ClientSettings> => {
  const settings = await tenantSettings(ctx.db, clientId)
  const key = (await settingsOf(ctx.db, clientId))[FORM_KEY]
  const form = settings.contact_form
  return { ...settings, contact_form: { ...form, link: form.enabled && typeof key === "string" ? linkOf(ctx, clientId, key) : null } }
}

export const handlers = [
  handle("onboarding", "clientAllsettings", async (ctx) => ({ data: await answer(ctx, tenantOf(ctx)) })),

  handle("onboarding", "updateAllsettings", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    if (input.timezone !== undefined && !isTimeZone(input.timezone)) throw badRequest(`Unknown time zone ${input.timezone}`, "timezone")
    const form = input.contact_form
    if (form) {
      const keys = form.fields.map((f) => f.key.toLowerCase())
      if (new Set(keys).size !== keys.length) throw badRequest("Each attribute can be asked once", "contact_form")
    }
    if (input.session_timeout_minutes !== undefined || input.session_timeout_enabled !== undefined)
      await saveSessionRule(ctx.db, clientId, { timeout_minutes: input.session_timeout_minutes, enabled: input.session_timeout_enabled })
    for (const field of Object.keys(KEYS) as Field[]) {
      if (input[field] !== undefined) await putSetting(ctx.db, clientId, KEYS[field], input[field])
    }
    // A raised cap frees places: the waiting conversations get another go at once.
    if (input.max_chats_per_agent !== undefined || input.max_sms_per_agent !== undefined) await serveWaitingLater.ask(ctx.db, clientId)
    if (form?.enabled === false) {
      storedSettings.forget(ctx.db, clientId)
      await ctx.db.execute(sql`DELETE FROM client_settings WHERE client_id = ${clientId} AND key = ${FORM_KEY}`)
    }
    if (form?.enabled) {
      const [row] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM client_settings WHERE client_id = ${clientId} AND key = ${FORM_KEY}`))
      if (!row) await putSetting(ctx.db, clientId, FORM_KEY, newFormKey())
    }
    return { data: await answer(ctx, clientId) }
  }),
]
