/**
 * The tenant's web-chat widget (webchat.webchatSettings / webchatUpdate): one `client_settings` row (key
 * `webchat_widget`) holding the settings and the widget's public key `wc_<clientId>_<random>`, which the snippet's
 * `data-key` names. The first read stores defaults (switched off, no origin allowed) with a fresh key.
 */
import { randomBytes, timingSafeEqual } from "node:crypto"
import { sql } from "drizzle-orm"
import type { WebchatConfig, WebchatSettings } from "../../../src/contract/schemas/webchat"
import type { Config } from "../../config"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { tenantOf } from "../../http/context"
import { handle } from "../../core/registry"

export const WIDGET_SETTING = "webchat_widget"
export const WIDGET_SCRIPT_PATH = "/webchat/widget.js"

export interface StoredWidget extends WebchatSettings {
  readonly widget_key: string
}

export const DEFAULT_WIDGET: WebchatSettings = {
  enabled: false,
  color: "#2d72d2",
  text_color: "#ffffff",
  greeting: "",
  position: "right",
  prechat: { name: "optional", email: "optional", phone: "off" },
  allowed_origins: [],
}

const newKey = (clientId: number) => `wc_${clientId}_${randomBytes(18).toString("base64url")}`
const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as StoredWidget

const put = (db: Db, clientId: number, widget: StoredWidget) =>
  db.execute(sql`INSERT INTO client_settings (client_id, key, value) VALUES (${clientId}, ${WIDGET_SETTING}, ${JSON.stringify(widget)}::jsonb)
    ON CONFLICT (client_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`)

export const storedWidget = async (db: Db, clientId: number, lock = false): Promise<StoredWidget | null> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT value FROM client_settings WHERE client_id = ${clientId} AND key = ${WIDGET_SETTING}
      ${lock ? sql`FOR UPDATE` : sql``}`),
  )
  return row ? { ...DEFAULT_WIDGET, ...json(row.value) } : null
}

/** The widget a public key names: its tenant and settings, or null (unknown, malformed or stale key). */
export const widgetOfKey = async (db: Db, key: string): Promise<{ clientId: number; widget: StoredWidget } | null> => {
  const match = /^wc_([1-9][0-9]{0,9})_[A-Za-z0-9_-]{24}$/.exec(key)
  if (!match) return null
  const clientId = Number(match[1])
  const widget = await storedWidget(db, clientId)
  if (!widget) return null
  const a = Buffer.from(widget.widget_key)
  const b = Buffer.from(key)
  return a.length === b.length && timingSafeEqual(a, b) ? { clientId, widget } : null
}

const configOf = (config: Config, widget: StoredWidget): WebchatConfig => ({
  ...widget,
  script_url: `${config.publicUrl()}${WIDGET_SCRIPT_PATH}`,
})

export const handlers = [
  handle("webchat", "webchatSettings", async (ctx) => {
    const clientId = tenantOf(ctx)
    const stored = await storedWidget(ctx.db, clientId)
    if (stored) return { data: configOf(ctx.services.config, stored) }
    // A POST call runs in one transaction: the first read keeps the defaults with the key, so two reads agree on it.
    await ctx.db.execute(sql`INSERT INTO client_settings (client_id, key, value)
      VALUES (${clientId}, ${WIDGET_SETTING}, ${JSON.stringify({ ...DEFAULT_WIDGET, widget_key: newKey(clientId) })}::jsonb)
      ON CONFLICT (client_id, key) DO NOTHING`)
    const created = await storedWidget(ctx.db, clientId)
    if (!created) throw new Error("The web-chat widget was not stored")
    return { data: configOf(ctx.services.config, created) }
  }),
  handle("webchat", "webchatUpdate", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const before = await storedWidget(ctx.db, clientId, true)
    const origins = [...new Set(input.allowed_origins)]
    const widget: StoredWidget = {
      ...input,
      greeting: input.greeting.trim(),
      allowed_origins: origins,
      widget_key: before?.widget_key ?? newKey(clientId),
    }
    await put(ctx.db, clientId, widget)
    return { data: configOf(ctx.services.config, widget) }
  }),
]
