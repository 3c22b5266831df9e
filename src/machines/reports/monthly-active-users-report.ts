/**
 * Monthly Active Users (`/report/monthly-active-users`): the customers who wrote in a calendar month (monthly/users),
 * the month's figures (get/monthly) and its year month by month for the chart (getall/monthly):
 * `report-monthly-active-users`.
 */
import { Effect, Schema } from "effect"
import { type MonthlyStat, type MonthlyUser, MonthlyUser as MonthlyUserSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { serverPage } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { utcMonth } from "../report-kit/range-rules"
import { businessOf, createReportMachine, type FilterProblem } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export interface MonthFilters {
  /** `YYYY-MM`. */
  readonly month: string
}

export interface MauMeta {
  readonly stat: MonthlyStat
  /** The month's year, January to December. */
  readonly year: readonly MonthlyStat[]
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

export const checkMonth = (f: MonthFilters): FilterProblem | null => {
  const m = MONTH.exec(f.month)
  return m && Number(m[1]) >= 2000 && Number(m[1]) <= 2100 ? null : "badMonth"
}

export const mauColumns = [
  column<MonthlyUser>("name", "Name", "text", (r) => r.name),
  column<MonthlyUser>("number", "Number", "phone", (r) => r.number),
  column<MonthlyUser>("channel", "Channel", "channel", (r) => r.channel_type),
  column<MonthlyUser>("firstSeen", "First Seen", "date", (r) => r.first_seen),
  column<MonthlyUser>("lastSeen", "Last Seen", "date", (r) => r.last_seen),
  column<MonthlyUser>("conversations", "Conversations", "number", (r) => r.conversations),
]

export const monthlyActiveUsersConfig = (now: () => Date = () => new Date()) =>
  tableReport<MonthlyUser, MonthFilters, MauMeta>({
    name: "monthly-active-users",
    columns: mauColumns,
    isRow: Schema.is(MonthlyUserSchema),
    defaultFilters: () => ({ month: utcMonth(now()) }),
    check: checkMonth,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { month } = query.filters
        const [users, stat, year] = yield* Effect.all(
          [
            api.call("reports", "monthlyUsers", { month, page: serverPage(query.page), limit: query.pageSize, ...businessOf(query) }),
            api.call("reports", "getMonthly", { month, ...businessOf(query) }),
            api.call("reports", "getallMonthly", { year: Number(month.slice(0, 4)), ...businessOf(query) }),
          ],
          { concurrency: "unbounded" },
        )
        return pageOf(users, { stat: stat.data, year: year.data })
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "monthlyUsers",
        payload: { month: query.filters.month, page: serverPage(0), limit: EXPORT_ALL, ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: (f) => `monthly_active_users_${f.month}`,
  })

export const monthlyActiveUsersMachine = createReportMachine(monthlyActiveUsersConfig())
