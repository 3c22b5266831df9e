/** Customer Feedback (`/report/surveyReport`): the survey answers of the range (customer/survey): `report-customer-feedback`. */
import { Effect, Schema } from "effect"
import { type Csat, type SurveyRow, SurveyRow as SurveyRowSchema } from "../../contract/schemas/reports"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { type WithAgents, withAgents } from "../report-kit/agent-choices"
import { column } from "../report-kit/columns"
import { checkRange, type ConversationFilters, conversationFilters, rangeStem, reportRequestOf } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { businessOf, createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"

export interface FeedbackFilters extends ConversationFilters {
  /** 1–5, or "" for every rating. */
  readonly rating: string
}

/** The CSAT and the responses per rating (index 0 = 1 star) of the whole filter, not only the page. */
export interface FeedbackMeta {
  readonly csat: Csat
  readonly ratings: readonly number[]
}

export const RATINGS = [1, 2, 3, 4, 5] as const

export const feedbackColumns = [
  column<SurveyRow>("name", "Name", "text", (r) => r.name),
  column<SurveyRow>("number", "Number", "phone", (r) => r.number),
  column<SurveyRow>("rating", "Rating", "number", (r) => r.rating),
  column<SurveyRow>("comment", "Comment", "text", (r) => r.comment),
  column<SurveyRow>("agent", "Agent", "text", (r) => r.agent_name),
  column<SurveyRow>("dateTime", "Date Time", "date", (r) => r.dt),
]

export const feedbackRequestOf = (f: FeedbackFilters, page: number, limit: number) => {
  const rating = Number(f.rating)
  return { ...reportRequestOf(f, page, limit), ...(RATINGS.some((r) => r === rating) ? { rating } : {}) }
}

export const customerFeedbackConfig = (now: () => Date = () => new Date()) =>
  tableReport<SurveyRow, FeedbackFilters, WithAgents<FeedbackMeta>>({
    name: "customer-feedback",
    columns: feedbackColumns,
    isRow: Schema.is(SurveyRowSchema),
    defaultFilters: () => ({ ...conversationFilters(30, now()), rating: "" }),
    check: checkRange,
    now,
    load: (query) =>
      withAgents(
        query,
        Effect.gen(function* () {
          const api = yield* Api
          const body = yield* api.call("reports", "customerSurvey", {
            ...feedbackRequestOf(query.filters, query.page, query.pageSize),
            ...businessOf(query),
          })
          return pageOf(body, { csat: body.data.csat, ratings: body.data.ratings })
        }),
      ),
    stream: (query, csv) =>
      streamCsvExport({
        group: "reports",
        name: "customerSurvey",
        payload: { ...feedbackRequestOf(query.filters, 0, EXPORT_ALL), ...businessOf(query) },
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("customer_feedback"),
  })

export const customerFeedbackMachine = createReportMachine(customerFeedbackConfig())
