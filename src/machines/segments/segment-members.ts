/**
 * A segment's members (page actor `segment-members` of the segments screen, loaded with it): the contacts in it now, paged by the contact book's own list call
 * with the segment filter (contacts.fetchAllContacts `segment_id`), so the rules are evaluated in SQL by the same
 * compiler as the segment's count. No segment chosen: nothing is asked.
 */
import { Effect } from "effect"
import type { Contact } from "../../contract/schemas/contacts"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine, type ReportPage } from "../report-kit/report-machine"

export interface MembersFilters {
  /** The segment's id as text; empty when none is open. */
  readonly segment: string
}

export const segmentMembersMachine = createReportMachine<Contact, MembersFilters>({
  name: "segment-members",
  pageBase: 1,
  defaultFilters: () => ({ segment: "" }),
  load: (query) =>
    query.filters.segment === ""
      ? Effect.succeed<ReportPage<Contact, undefined>>({ rows: [], total: 0 })
      : Effect.flatMap(Api, (api) =>
          api.call("contacts", "fetchAllContacts", {
            page: query.page,
            limit: query.pageSize,
            segment_id: Number(query.filters.segment),
          }),
        ).pipe(Effect.map((body) => pageOf(body))),
})
