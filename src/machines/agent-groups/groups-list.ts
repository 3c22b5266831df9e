/** Every agent group of the tenant (`report-agent-groups`, the managers' tab of team chat), searched by name or description. */
import { Effect } from "effect"
import type { AgentGroup } from "../../contract/schemas/agent-groups"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const groupsListMachine = createReportMachine<AgentGroup, Record<string, never>>({
  name: "agent-groups",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("agentGroups", "fetchListWtGroups", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<AgentGroup>(body)
    }),
})
