/** The tenant's recipient lists (`report-recipient-lists`, the Recipient lists tab of /apps/current-campaigns): by name, newest first, with their counts. */
import { Effect } from "effect"
import type { RecipientList } from "../../contract/schemas/campaigns"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

export const recipientListsMachine = createReportMachine<RecipientList, Record<string, never>, undefined>({
  name: "recipient-lists",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("templates", "templateRecipients", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<RecipientList, undefined>(body)
    }),
})
