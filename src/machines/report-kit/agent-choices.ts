/**
 * A report page together with the agents its filter offers (paged.ts agentsFor), loaded side by side. The agents
 * listed are the caller's business's: for a business a super admin picked (`clientId`) the filter offers none.
 */
import { Effect } from "effect"
import type { AppServices } from "../common/from-effect"
import { type AgentChoices, agentsFor } from "./paged"
import type { ReportPage, ReportQuery } from "./report-machine"

const noAgents: AgentChoices = { agents: [], agentsError: null }

export type WithAgents<Meta> = Meta & AgentChoices

export const withAgents = <Row, Meta extends object>(
  query: ReportQuery<unknown>,
  page: Effect.Effect<ReportPage<Row, Meta>, unknown, AppServices>,
): Effect.Effect<ReportPage<Row, WithAgents<Meta>>, unknown, AppServices> =>
  Effect.all([page, query.clientId === undefined ? agentsFor : Effect.succeed(noAgents)], { concurrency: "unbounded" }).pipe(
    Effect.map(([loaded, agents]) => ({ rows: loaded.rows, total: loaded.total, meta: { ...(loaded.meta as Meta), ...agents } })),
  )
