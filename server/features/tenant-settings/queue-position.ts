/**
 * Setting `queue_position_messages`: a WhatsApp or SMS customer waiting for an agent is told their place in the queue
 * (and the estimated wait when there is one: routing/queue.ts says how it is computed), in the tenant's language, when
 * they join it and when it changed meaningfully since they were last told: down to half of it or less, or to the
 * front. Through the server's own words to customers (customer-say.ts), once per place and stay in the queue.
 */
import { sql } from "drizzle-orm"
import { type QueueMoved, queuePositions, type Standing } from "../routing"
import { tenantSettings } from "./settings-store"
import { customerText, filledIn } from "./customer-texts"
import { sayLater } from "./customer-say"

/** The channels a position is written to (the web chat shows it live instead: webchat/queue-display.ts). */
const WRITTEN_TO = new Set(["whatsapp", "sms"])

/** Worth a message: never told, or down to half the place last told (or to the front). */
export const worthTelling = (position: number, told: number | null) =>
  told === null || (position < told && (position <= Math.floor(told / 2) || position === 1))

const tell = async ({ ctx, clientId, standings }: QueueMoved) => {
  const due = standings.filter((s) => WRITTEN_TO.has(s.channel) && worthTelling(s.position, s.told))
  if (due.length === 0) return
  const settings = await tenantSettings(ctx.db, clientId)
  if (!settings.queue_position_messages) return
  for (const s of due) await say(ctx.db, clientId, s, settings.language)
}

const say = async (db: QueueMoved["ctx"]["db"], clientId: number, s: Standing, language: Parameters<typeof customerText>[1]) => {
  const text =
    s.waitMinutes === null
      ? filledIn(customerText("queuePosition", language), { position: s.position })
      : filledIn(customerText("queuePositionWait", language), { position: s.position, minutes: s.waitMinutes })
  await sayLater(db, clientId, s.conversationId, "queue_position", text, `${s.conversationId}:${s.queuedAt}:${s.position}`)
  await db.execute(sql`UPDATE conversations SET queue_told = ${s.position} WHERE id = ${s.conversationId} AND queued_at IS NOT NULL`)
}

export const hooks = [queuePositions.on("tenant-settings", 20, tell)]
