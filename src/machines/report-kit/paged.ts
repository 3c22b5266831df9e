/**
 * Shared pieces of the workspace's report configurations (chat, tickets, complaints lists): turning a `Paged`
 * answer into a report page, the date-range fields every list sends, and the agent pickers their filters offer.
 */
import { Effect } from "effect"
import type { Channel } from "../../contract/schemas/common"
import type { AgentLoad } from "../../contract/schemas/chat"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import type { ReportPage } from "./report-machine"

export const CHANNELS: readonly Channel[] = ["whatsapp", "facebook", "instagram", "sms", "webchat"]

export interface PagedBody<Row> {
  readonly data: { readonly items: readonly Row[]; readonly totalItems: number }
}

export const pageOf = <Row, Meta = undefined>(body: PagedBody<Row>, meta?: Meta): ReportPage<Row, Meta> => ({
  rows: body.data.items,
  total: body.data.totalItems,
  ...(meta === undefined ? {} : { meta }),
})

/** `YYYY-MM-DD` days as the start of the first and the end of the last (spec 000 section 7); empty days are left out. */
export const rangeOf = (startDate: string, endDate: string) => ({
  ...(startDate ? { start_date: `${startDate} 00:00:00` } : {}),
  ...(endDate ? { end_date: `${endDate} 23:59:59` } : {}),
})

/** A select's text value as the contract's channel, or nothing for "all". */
export const channelOf = (value: string): { channel_type?: Channel } =>
  (CHANNELS as readonly string[]).includes(value) ? { channel_type: value as Channel } : {}

/** An agent id typed in a select (text) as the contract's id, or nothing. */
export const agentIdOf = (value: string): number | undefined => {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : undefined
}

export interface AgentChoices {
  readonly agents: readonly AgentLoad[]
  readonly agentsError: Failure | null
}

/**
 * Agents for a filter select from a call that lists them. A failure does not fail the list it decorates: the select
 * is then empty and says why (`agentsError`), the rows still load.
 */
export const agentChoicesOf = <E, R>(listed: Effect.Effect<readonly AgentLoad[], E, R>): Effect.Effect<AgentChoices, never, R> =>
  listed.pipe(
    Effect.map((agents): AgentChoices => ({ agents, agentsError: null })),
    Effect.catch((error) => Effect.succeed<AgentChoices>({ agents: [], agentsError: failureOf(error) })),
  )

/** The tenant's agents (chat.listAgents). */
export const agentsFor = agentChoicesOf(
  Effect.gen(function* () {
    const api = yield* Api
    const body = yield* api.call("chat", "listAgents", { page: 1, limit: 100 })
    return body.data.items as readonly AgentLoad[]
  }),
)

/**
 * A failure's message as text, for the machines outside the report kit that still keep a string (the simulator,
 * the transcript, the complaint editor); new code keeps `failureOf(error)` and lets the view word it.
 */
export const messageOf = (error: unknown): string => failureOf(error).message
