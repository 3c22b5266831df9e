/**
 * A report configuration's machine walked model-based (xstate/graph via common/model-check.testing.ts) with the events
 * its screen sends (open, filters, paging, export) plus the feature's own filter drafts; shared by every report screen.
 */
import { Effect } from "effect"
import { checkModel, type ModelEvent, type Snap } from "../common/model-check.testing"
import { createReportMachine, type ReportConfig } from "./report-machine"

const file = { filename: "r.csv", content: "a\r\n", mime: "text/csv" }
const common: ModelEvent[] = [
  { type: "REPORT.OPEN" },
  { type: "FILTER.APPLY" },
  { type: "FILTER.CLEAR" },
  { type: "PAGE.SET", page: 1 },
  { type: "PAGE_SIZE.SET", size: 25 },
  { type: "EXPORT" },
  { type: "EXPORT.SAVED" },
  { type: "xstate.done.actor.load", output: { rows: [{ n: 1 }], total: 30 } },
  { type: "xstate.error.actor.load", error: new Error("400 start_date") },
  { type: "xstate.done.actor.exportFile", output: file },
  { type: "xstate.done.actor.exportFile", output: null },
  { type: "xstate.error.actor.exportFile", error: new Error("500") },
]

const loaded = common[7]
export const checkReportModel = (name: string, config: ReportConfig<unknown, unknown, unknown>, drafts: ModelEvent[]) => {
  const after = { type: `xstate.after.downloadDelay.report-${config.name}.exporting.waiting` }
  checkModel({
    name: `${name} report`,
    machine: createReportMachine({ ...config, downloadDelayMs: 1000, load: () => Effect.succeed({ rows: [], total: 0 }) }),
    sources: ["load", "exportFile"],
    events: [...common, after, ...drafts],
    key: (s: Snap) => [s.value, s.context.invalid, s.context.filters === s.context.draft, s.context.page > 0, s.context.notice !== null],
    view: (s: Snap) => ({
      value: s.value,
      filters: s.context.filters,
      draft: s.context.draft,
      invalid: s.context.invalid,
      page: s.context.page,
      pageSize: s.context.pageSize,
      rows: s.context.rows,
      total: s.context.total,
      error: s.context.error?.message ?? null,
      download: s.context.download?.filename ?? null,
    }),
    states: [
      "data.idle",
      "data.loading",
      "data.ready",
      "data.failed",
      "exporting.idle",
      "exporting.fetching",
      "exporting.waiting",
      "exporting.saving",
    ],
    after: { type: after.type, ms: 1000 },
    stories: [
      [{ type: "REPORT.OPEN" }, loaded, { type: "PAGE.SET", page: 1 }, loaded, { type: "PAGE_SIZE.SET", size: 25 }],
      [{ type: "REPORT.OPEN" }, loaded, drafts[0], { type: "FILTER.APPLY" }, { type: "FILTER.CLEAR" }],
      [{ type: "EXPORT" }, common[11]],
      [{ type: "EXPORT" }, common[9], after, { type: "EXPORT.SAVED" }],
    ],
  })
}

export const rangeDrafts: ModelEvent[] = [
  { type: "FILTER.CHANGE", patch: { startDate: "2026-03-10", endDate: "2026-03-01" } },
  { type: "FILTER.CHANGE", patch: { startDate: "2016-03-01", endDate: "2026-03-01" } },
  { type: "FILTER.CHANGE", patch: { startDate: "2026-02-01", endDate: "2026-03-01" } },
]
