/**
 * Service Level (`/apps/serviceLevel`): the share of conversations first answered within T seconds, over the range
 * and per day (service/level). T is the tenant's setting unless the screen overrides it: `report-service-level`.
 */
import { Effect, Schema } from "effect"
import { type ServiceLevel, ServiceLevel as ServiceLevelSchema, type ServiceLevelValue } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, type ConversationFilters, conversationFilters, rangeQueryOf, rangeStem } from "../report-kit/conversation-filters"
import { businessOf, createReportMachine, type FilterProblem } from "../report-kit/report-machine"
import { localPage, tableReport } from "../report-kit/table-report"

export type ServiceLevelDay = ServiceLevel["series"][number]
const isDay = Schema.is(ServiceLevelSchema.fields.series.value)

export interface ServiceLevelFilters extends ConversationFilters {
  /** Seconds as typed; "" for the tenant's own threshold. */
  readonly threshold: string
}

export const MAX_THRESHOLD = 86_400

/** The typed threshold as the call's, or undefined for the tenant's own; NaN when it is not a whole 1..86400. */
export const thresholdOf = (text: string): number | undefined => {
  if (text.trim() === "") return undefined
  const n = Number(text)
  return Number.isInteger(n) && n >= 1 && n <= MAX_THRESHOLD ? n : Number.NaN
}

export const checkServiceLevel = (f: ServiceLevelFilters): FilterProblem | null =>
  checkRange(f) ?? (Number.isNaN(thresholdOf(f.threshold)) ? "badThreshold" : null)

export const dayPercent = (d: ServiceLevelDay): number | null => (d.total === 0 ? null : (100 * d.answered_within) / d.total)

export const serviceLevelColumns = [
  column<ServiceLevelDay>("day", "Day", "day", (r) => r.date),
  column<ServiceLevelDay>("serviceLevel", "Service Level", "percent", dayPercent),
  column<ServiceLevelDay>("answeredWithin", "Answered Within Threshold", "number", (r) => r.answered_within),
  column<ServiceLevelDay>("answered", "Answered", "number", (r) => r.total),
]

export type ServiceLevelMeta = ServiceLevelValue & { readonly series: readonly ServiceLevelDay[] }

const requestOf = (f: ServiceLevelFilters) => {
  const threshold = thresholdOf(f.threshold)
  return { ...rangeQueryOf(f), ...(threshold === undefined ? {} : { threshold_seconds: threshold }) }
}

export const serviceLevelConfig = (now: () => Date = () => new Date()) =>
  tableReport<ServiceLevelDay, ServiceLevelFilters, ServiceLevelMeta>({
    name: "service-level",
    columns: serviceLevelColumns,
    isRow: (value): value is ServiceLevelDay => isDay(value),
    defaultFilters: () => ({ ...conversationFilters(30, now()), threshold: "" }),
    check: checkServiceLevel,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const { data } = yield* api.call("reports", "serviceLevel", { ...requestOf(query.filters), ...businessOf(query) })
        return localPage(data.series, query, data)
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "serviceLevel",
        payload: { ...requestOf(query.filters), ...businessOf(query) },
        rowsAt: ["data", "series"],
        ...csv,
      }),
    fileStem: rangeStem("service_level"),
  })

export const serviceLevelMachine = createReportMachine(serviceLevelConfig())
