/**
 * Customer Journey (`/report/customerJourney`): each step customers took through the chatbot's menus
 * (fetch/count/report), a menu searchable, with how often each menu was reached (fetch/count/menu) for the chart:
 * `report-customer-journey`.
 */
import { Effect, Schema } from "effect"
import { type MenuCount, type MenuHit, MenuHit as MenuHitSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, type RangeFilters, daysOf, rangeStem, serverPage } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { lastDays } from "../report-kit/range-rules"
import { businessOf, createReportMachine, type ReportQuery } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export const journeyColumns = [
  column<MenuHit>("number", "Number", "phone", (r) => r.number),
  column<MenuHit>("menu", "Menu", "text", (r) => r.menu),
  column<MenuHit>("option", "Option", "text", (r) => r.option),
  column<MenuHit>("dateTime", "Date Time", "date", (r) => r.dt),
]

export interface JourneyMeta {
  readonly menus: readonly MenuCount[]
}

export const journeyRequestOf = (query: ReportQuery<RangeFilters>, page: number, limit: number) => ({
  ...daysOf(query.filters),
  ...businessOf(query),
  ...(query.search ? { menu: query.search.slice(0, 100) } : {}),
  page: serverPage(page),
  limit,
})

export const customerJourneyConfig = (now: () => Date = () => new Date()) =>
  tableReport<MenuHit, RangeFilters, JourneyMeta>({
    name: "customer-journey",
    columns: journeyColumns,
    isRow: Schema.is(MenuHitSchema),
    defaultFilters: () => lastDays(7, now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const [hits, menus] = yield* Effect.all(
          [
            api.call("reports", "fetchCountReport", journeyRequestOf(query, query.page, query.pageSize)),
            api.call("reports", "fetchCountMenu", { ...daysOf(query.filters), ...businessOf(query) }),
          ],
          { concurrency: "unbounded" },
        )
        return pageOf(hits, { menus: menus.data })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "fetchCountReport",
        payload: journeyRequestOf(query, 0, EXPORT_ALL),
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("customer_journey"),
  })

export const customerJourneyMachine = createReportMachine(customerJourneyConfig())
