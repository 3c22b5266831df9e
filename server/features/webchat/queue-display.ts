/**
 * The web-chat visitor's place in the queue (routing's standing: position and estimated wait), live in the widget:
 * with the session when it opens, then as a `queue` event whenever the queue moves (routing/positions.ts), and a
 * `queue` without a position once an agent has the conversation.
 */
import { sql } from "drizzle-orm"
import type { VisitorQueue } from "../../../src/contract/webchat-visitor"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { conversationStanding, type QueueMoved, queuePositions, type Standing } from "../routing"
import { isVisitorId } from "./visitor-token"
import { toVisitor } from "./visitor-hub"

const NOT_WAITING: VisitorQueue = { position: null, wait_minutes: null }

const queueOf = (s: Standing | null): VisitorQueue => (s ? { position: s.position, wait_minutes: s.waitMinutes } : NOT_WAITING)

/** Where the visitor's open conversation stands now. */
export const visitorQueue = async (db: Db, clientId: number, visitorId: string): Promise<VisitorQueue> => {
  const [open] = rowsOf(
    await db.execute(sql`SELECT c.id FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
      WHERE c.client_id = ${clientId} AND ct.channel = 'webchat' AND ct.number = ${visitorId} AND c.queued_at IS NOT NULL LIMIT 1`),
  )
  return open ? queueOf(await conversationStanding(db, clientId, Number(open.id))) : NOT_WAITING
}

const show = async ({ ctx, clientId, standings, left }: QueueMoved) => {
  const shown: [string, VisitorQueue][] = standings
    .filter((s) => s.channel === "webchat" && isVisitorId(s.number))
    .map((s) => [s.number, queueOf(s)])
  if (left.length > 0) {
    const gone = rowsOf(
      await ctx.db.execute(sql`SELECT ct.number FROM conversations c JOIN contacts ct ON ct.id = c.contact_id
        WHERE c.client_id = ${clientId} AND c.id = ANY(string_to_array(${left.join(",")}, ',')::int[]) AND ct.channel = 'webchat'`),
    )
    for (const g of gone) if (isVisitorId(String(g.number))) shown.push([String(g.number), NOT_WAITING])
  }
  if (shown.length > 0)
    ctx.afterCommit(() => {
      for (const [visitorId, queue] of shown) toVisitor(ctx.services, clientId, visitorId, "queue", queue)
    })
}

export const hooks = [queuePositions.on("webchat", 10, show)]
