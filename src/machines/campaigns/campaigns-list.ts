/** The tenant's campaigns (`report-campaigns`, /apps/current-campaigns): searched by name or template, filtered by status, newest first. */
import { Effect } from "effect"
import type { Campaign, CampaignStatus } from "../../contract/schemas/campaigns"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export interface CampaignFilters {
  readonly status: CampaignStatus | ""
}

export const campaignsListMachine = createReportMachine<Campaign, CampaignFilters, undefined>({
  name: "campaigns",
  pageBase: 1,
  defaultFilters: () => ({ status: "" }),
  appliesOnChange: () => true,
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("campaigns", "fetchListCampaigns", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...(query.filters.status ? { status: query.filters.status } : {}),
      })
      return pageOf<Campaign, undefined>(body)
    }),
})
