/**
 * Canned messages (`report-canned`, /apps/canned-messages and the company sub-page CannedReplies): the replies the
 * caller can see (the tenant's shared ones and their own private ones), by kind, searched by title, text or shortcut.
 */
import { Effect } from "effect"
import type { CannedKind, CannedMessage } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import { createReportMachine, type ReportConfig } from "../report-kit/report-machine"
import { pageOf } from "../report-kit/paged"

export interface CannedFilters {
  /** Empty: both kinds. */
  readonly kind: "" | CannedKind
}

export const cannedConfig = (): ReportConfig<CannedMessage, CannedFilters> => ({
  name: "canned",
  pageBase: 1,
  defaultFilters: () => ({ kind: "" }),
  load: (query) =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("cannedMessages", "fetchListCannedMessages", {
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
        ...(query.filters.kind ? { type: query.filters.kind } : {}),
      })
      return pageOf<CannedMessage>(body)
    }),
})

export const cannedListMachine = createReportMachine(cannedConfig())
