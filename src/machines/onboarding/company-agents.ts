/**
 * The company sub-page Agents (`report-company-agents`): the signed-in person's own business's agents, searchable,
 * with who is online (businesses.clientAgentsPaginated, which answers a tenant only for its own business). The
 * business is the one the login stored (`user_data.client_id`), or for a super admin the one picked first (the report
 * machine's `picks`).
 */
import { Effect, Option, Schema } from "effect"
import type { UserRef } from "../../contract/schemas/common"
import { Api } from "../../services/api/api"
import { Storage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { pageOf } from "../report-kit/paged"
import { createReportMachine } from "../report-kit/report-machine"

const StoredBusiness = Schema.Struct({ client_id: Schema.Number })

export const companyAgentsMachine = createReportMachine<UserRef, Record<string, never>>({
  name: "company-agents",
  pageBase: 1,
  defaultFilters: () => ({}),
  load: (query) =>
    Effect.gen(function* () {
      const stored = yield* (yield* Storage).getJson(StorageKeys.userData, StoredBusiness)
      const body = yield* (yield* Api).call("businesses", "clientAgentsPaginated", {
        client_id: query.clientId ?? Option.match(stored, { onNone: () => 0, onSome: (s) => s.client_id }),
        page: query.page,
        limit: query.pageSize,
        ...(query.search ? { search: query.search } : {}),
      })
      return pageOf<UserRef>(body)
    }),
})
