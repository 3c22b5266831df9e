/** A report page together with the agents its filter offers (paged.ts agentsFor), loaded side by side. */
import { Effect } from "effect"
import type { AppServices } from "../common/from-effect"
import { type AgentChoices, agentsFor } from "./paged"
import type { ReportPage } from "./report-machine"

export type WithAgents<Meta> = Meta & AgentChoices

export const withAgents = <Row, Meta extends object>(
  page: Effect.Effect<ReportPage<Row, Meta>, unknown, AppServices>,
): Effect.Effect<ReportPage<Row, WithAgents<Meta>>, unknown, AppServices> =>
  Effect.all([page, agentsFor], { concurrency: "unbounded" }).pipe(
    Effect.map(([loaded, agents]) => ({ rows: loaded.rows, total: loaded.total, meta: { ...(loaded.meta as Meta), ...agents } })),
  )
