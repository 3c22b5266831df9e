/**
 * Shared pieces of the workspace's report configurations (chat, tickets, complaints lists): turning a `Paged`
 * answer into a report page, the date-range fields every list sends, and the agent pickers their filters offer.
 */
import { Effect } from "effect"
import type { Channel } from "../../contract/schemas/common"
import type { AgentLoad } from "../../contract/schemas/chat"
import { Api } from "../../services/api/api"
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

/**
 * The tenant's agents for a filter select. A failure does not fail the list it decorates: the select is then
 * empty and says why (`agentsError`), the rows still load.
 */
export const agentsFor = Effect.gen(function* () {
  const api = yield* Api
  return yield* api
    .call("chat", "listAgents", { page: 1, limit: 100 })
    .pipe(Effect.map((body) => ({ agents: body.data.items as readonly AgentLoad[], agentsError: null as string | null })))
}).pipe(Effect.catch((error) => Effect.succeed({ agents: [] as readonly AgentLoad[], agentsError: messageOf(error) })))

export const messageOf = (error: unknown): string =>
  error && typeof error === "object" && "message" in error ? String((error as { message: unknown }).message) : String(error)
