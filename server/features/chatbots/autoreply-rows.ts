/** Auto-reply rows: reading them as the contract's AutoReply, and the flow rules a save must pass (400 naming the problem). */
import { sql } from "drizzle-orm"
import type { AutoReply, BotFlow, BotTrigger } from "../../../src/contract/schemas/chatbots"
import type { Channel } from "../../../src/contract/schemas/common"
import { flowProblems, problemText } from "../../../src/contract/chatbots/flow-rules"
import type { Db } from "../../db/db"
import { jsonOf, rowsOf } from "../../db/rows"
import { badRequest, notFound } from "../../http/errors"

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString()

export const autoReplyOf = (r: Record<string, unknown>): AutoReply => ({
  id: Number(r.id),
  name: String(r.name),
  trigger: jsonOf<BotTrigger>(r.trigger_rule),
  channel_type: String(r.channel) as Channel,
  flow: jsonOf<BotFlow>(r.flow),
  active: Boolean(r.active),
  self_service: Boolean(r.self),
  owner_id: r.owner_id === null || r.owner_id === undefined ? null : Number(r.owner_id),
  attributes: jsonOf<AutoReply["attributes"]>(r.attributes),
  updated_at: iso(r.updated_at),
})

/** Who may see a bot: the tenant's bots, and of the away messages only the caller's own. */
export const visibleTo = (clientId: number, userId: number | null) => sql`client_id = ${clientId} AND (NOT self OR owner_id = ${userId})`

export const loadAutoReply = async (db: Db, clientId: number, userId: number | null, id: number, lock = false): Promise<AutoReply> => {
  const [row] = rowsOf(
    await db.execute(sql`SELECT * FROM autoreplies WHERE id = ${id} AND ${visibleTo(clientId, userId)} ${lock ? sql`FOR UPDATE` : sql``}`),
  )
  if (!row) throw notFound("Auto-reply")
  return autoReplyOf(row)
}

/** 400 with the first problem of the flow (field `flow`, or `trigger` for a refused keyword pattern). */
export const checkFlow = (flow: BotFlow, trigger: BotTrigger, self: boolean) => {
  const [first] = flowProblems(flow, trigger, self)
  if (first) throw badRequest(problemText(first), first.code === "bad_regex" ? "trigger" : "flow")
}
