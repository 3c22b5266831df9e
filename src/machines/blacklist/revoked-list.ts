/** Revoked tokens (`report-blacklist`, /apps/blacklist-token): the tenant's revocations, newest first. */
import { Effect } from "effect"
import type { BlacklistedToken } from "../../contract/schemas/security"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const revokedListMachine = createReportMachine<BlacklistedToken, Record<string, never>>({
  name: "blacklist",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("blacklist", "blacklistTokens", { page: query.page, limit: query.pageSize })
      return pageOf<BlacklistedToken>(body)
    }),
})
