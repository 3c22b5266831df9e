/**
 * The paged-report machine on a real runtime: the query it sends, a failure kept as data, the export's timing, its
 * notice and its alert, the tags views read, the configured draft rules, and the pager's figures.
 */
import { describe, expect, it, vi } from "vitest"
import { Effect, Layer, ManagedRuntime } from "effect"
import { createAppActor } from "../common/from-effect"
import { createReportMachine, type ReportConfig, type ReportEmitted } from "./report-machine"
import {
  pagingOf,
  selectBusiness,
  selectEmpty,
  selectExporting,
  selectFailure,
  selectLoading,
  selectPaging,
  selectPicks,
} from "./report-selectors"

interface Row {
  readonly id: number
  readonly text: string
}
interface Filters {
  readonly from: string
  readonly to: string
  readonly kind: string
}

const rows: Row[] = [
  { id: 1, text: "a" },
  { id: 2, text: "b" },
]
const config: ReportConfig<Row, Filters> = {
  name: "test",
  pageBase: 1,
  defaultFilters: () => ({ from: "2026-01-01", to: "2026-01-31", kind: "all" }),
  load: () => Effect.succeed({ rows: [], total: 0 }),
  exportRows: () => Effect.succeed([]),
  toFile: (found, query) => ({
    filename: `test_${query.filters.kind}.csv`,
    content: found.map((r) => r.text).join("\n"),
    mime: "text/csv",
  }),
  downloadDelayMs: 1000,
}

const drive = (cfg: Partial<ReportConfig<Row, Filters>>) => {
  const runtime = ManagedRuntime.make(Layer.empty as never)
  const actor = createAppActor(createReportMachine({ ...config, ...cfg }), { runtime: runtime as never })
  const alerts: ReportEmitted[] = []
  actor.on("alert", (event) => alerts.push(event))
  actor.start()
  return { actor, alerts }
}
type Actor = ReturnType<typeof drive>["actor"]
type Snap = ReturnType<Actor["getSnapshot"]>
const until = async (actor: Actor, ok: (s: Snap) => boolean) => {
  for (let i = 0; i < 600 && !ok(actor.getSnapshot()); i++) await new Promise((r) => setTimeout(r, 5))
  return actor.getSnapshot()
}

describe("paged-report machine (behaviour)", () => {
  it("sends the query the screen shows: filters, search, page and page size (default 10)", async () => {
    const queries: unknown[] = []
    const load: ReportConfig<Row, Filters>["load"] = (q) =>
      Effect.sync(() => {
        queries.push(q)
        return { rows, total: 30 }
      })
    const { actor } = drive({ load })
    actor.send({ type: "REPORT.OPEN" })
    await until(actor, (s) => s.hasTag("ready"))
    actor.send({ type: "FILTER.CHANGE", patch: { kind: "outgoing" } })
    actor.send({ type: "PAGE.SET", page: 3 })
    await until(actor, (s) => s.hasTag("ready") && s.context.page === 3)
    actor.send({ type: "SEARCH.CHANGE", text: "  a@b " })
    actor.send({ type: "SEARCH.SUBMIT" })
    await until(actor, (s) => s.hasTag("ready") && s.context.search === "a@b")
    actor.send({ type: "FILTER.APPLY" })
    await until(actor, (s) => s.hasTag("ready") && s.context.filters.kind === "outgoing")
    const all = { from: "2026-01-01", to: "2026-01-31", kind: "all" }
    expect(queries).toEqual([
      { filters: all, search: "", page: 1, pageSize: 10 },
      { filters: all, search: "", page: 3, pageSize: 10 },
      { filters: all, search: "a@b", page: 1, pageSize: 10 },
      { filters: { ...all, kind: "outgoing" }, search: "a@b", page: 1, pageSize: 10 },
    ])
    actor.stop()
  })

  it("for a super admin reads and exports nothing until a business is picked, then names it in every read and export", async () => {
    const queries: unknown[] = []
    const exported: unknown[] = []
    const { actor } = drive({
      load: (q) =>
        Effect.sync(() => {
          queries.push(q)
          return { rows, total: 2 }
        }),
      exportRows: (q) =>
        Effect.sync(() => {
          exported.push(q)
          return rows
        }),
    })
    actor.send({ type: "REPORT.OPEN", picks: true })
    actor.send({ type: "FILTER.APPLY" })
    actor.send({ type: "PAGE.SET", page: 2 })
    actor.send({ type: "EXPORT" })
    // A read or export would have started on the event itself (its tag is set as it is sent).
    expect([queries, exported, selectLoading(actor.getSnapshot()), selectExporting(actor.getSnapshot())]).toEqual([[], [], false, false])
    expect([selectPicks(actor.getSnapshot()), selectBusiness(actor.getSnapshot())]).toEqual([true, null])
    actor.send({ type: "BUSINESS.PICK", clientId: 7 })
    await until(actor, (s) => s.hasTag("ready"))
    actor.send({ type: "EXPORT" })
    await until(actor, () => exported.length > 0)
    const all = { from: "2026-01-01", to: "2026-01-31", kind: "all" }
    // The page set while unpicked stays: the pick starts the business from the first page.
    expect(queries).toEqual([{ filters: all, search: "", page: 1, pageSize: 10, clientId: 7 }])
    expect(exported).toEqual(queries)
    actor.stop()
  })

  it("a business's own member never picks: the report reads at once and names no business", async () => {
    const queries: unknown[] = []
    const { actor } = drive({
      load: (q) =>
        Effect.sync(() => {
          queries.push(q)
          return { rows, total: 2 }
        }),
    })
    actor.send({ type: "REPORT.OPEN", picks: false })
    await until(actor, (s) => s.hasTag("ready"))
    actor.send({ type: "BUSINESS.PICK", clientId: 7 })
    expect(selectBusiness(actor.getSnapshot())).toBe(null)
    expect(queries).toEqual([{ filters: { from: "2026-01-01", to: "2026-01-31", kind: "all" }, search: "", page: 1, pageSize: 10 }])
    actor.stop()
  })

  it("tags what it is doing: loading, then ready or failed; a load failure is kept as data, logged, the rows stay", async () => {
    let fail = false
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined)
    const { actor } = drive({
      load: () =>
        fail ? Effect.fail({ _tag: "HttpFailure", status: 503, code: "UNAVAILABLE", message: "boom" }) : Effect.succeed({ rows, total: 2 }),
    })
    expect(selectLoading(actor.getSnapshot())).toBe(false)
    actor.send({ type: "REPORT.OPEN" })
    expect(selectLoading(actor.getSnapshot())).toBe(true)
    await until(actor, (s) => s.hasTag("ready"))
    expect([selectLoading(actor.getSnapshot()), selectEmpty(actor.getSnapshot())]).toEqual([false, false])
    fail = true
    actor.send({ type: "REPORT.RELOAD" })
    const s = await until(actor, (s) => s.hasTag("failed"))
    expect(s.context.rows).toEqual(rows)
    expect(selectFailure(s)).toEqual({ status: 503, code: "UNAVAILABLE", message: "boom" })
    expect(errors).toHaveBeenCalled()
    errors.mockRestore()
    actor.stop()
  })

  it("holds the export file 1 s after the rows arrive; an empty export is a notice, a failed one an alert", async () => {
    let answer: Effect.Effect<readonly Row[], unknown> = Effect.succeed(rows)
    const { actor, alerts } = drive({ exportRows: () => answer })
    actor.send({ type: "EXPORT" })
    expect(selectExporting(actor.getSnapshot())).toBe(true)
    await until(actor, (s) => s.matches({ exporting: "waiting" }))
    const waitedFrom = Date.now()
    const saved = await until(actor, (s) => s.matches({ exporting: "saving" }))
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(900)
    expect(saved.context.download).toMatchObject({ filename: "test_all.csv", content: "a\nb" })
    actor.send({ type: "EXPORT.SAVED" })
    expect(selectExporting(actor.getSnapshot())).toBe(false)
    answer = Effect.succeed([])
    actor.send({ type: "EXPORT" })
    expect((await until(actor, (s) => s.context.notice !== null)).context.notice?.kind).toBe("noData")
    actor.send({ type: "NOTICE.DISMISS" })
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined)
    answer = Effect.fail(new Error("x"))
    actor.send({ type: "EXPORT" })
    await until(actor, (s) => !s.hasTag("exporting"))
    await vi.waitFor(() => expect(alerts).toEqual([{ type: "alert", key: "exportFailed" }]))
    expect(actor.getSnapshot().context.notice).toBeNull()
    expect(errors).toHaveBeenCalled()
    errors.mockRestore()
    actor.stop()
  })

  it("a streaming export's file (a Blob) is held as made, 1 s after it is ready; no rows (null) warns", async () => {
    const blob = new Blob(["h\r\n", "a\r\n"], { type: "text/csv" })
    let answer: Effect.Effect<{ filename: string; content: Blob; mime: string } | null, unknown> = Effect.succeed({
      filename: "big.csv",
      content: blob,
      mime: "text/csv",
    })
    const { actor } = drive({ exportRows: undefined, toFile: undefined, exportFile: () => answer })
    actor.send({ type: "EXPORT" })
    await until(actor, (s) => s.matches({ exporting: "waiting" }))
    const waitedFrom = Date.now()
    const saved = await until(actor, (s) => s.matches({ exporting: "saving" }))
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(900)
    expect(saved.context.download?.content).toBe(blob)
    expect(saved.context.download?.filename).toBe("big.csv")
    actor.send({ type: "EXPORT.SAVED" })
    expect(actor.getSnapshot().context.download).toBeNull()
    answer = Effect.succeed(null)
    actor.send({ type: "EXPORT" })
    expect((await until(actor, (s) => s.context.notice !== null)).context.notice?.kind).toBe("noData")
    actor.stop()
  })

  it("completes every changed draft with draftOf; a change applies itself when appliesOnChange says so", () => {
    const { actor } = drive({
      draftOf: (draft) => ({ ...draft, to: draft.to || draft.from }),
      appliesOnChange: (draft) => draft.kind !== "all",
    })
    actor.send({ type: "FILTER.CHANGE", patch: { from: "2026-02-01", to: "" } })
    expect(actor.getSnapshot().context.draft).toEqual({ from: "2026-02-01", to: "2026-02-01", kind: "all" })
    expect(actor.getSnapshot().context.filters.from).toBe("2026-01-01")
    expect(selectLoading(actor.getSnapshot())).toBe(false)
    actor.send({ type: "FILTER.CHANGE", patch: { kind: "incoming" } })
    expect(actor.getSnapshot().context.filters).toEqual({ from: "2026-02-01", to: "2026-02-01", kind: "incoming" })
    expect(selectLoading(actor.getSnapshot())).toBe(true)
    actor.stop()
  })
})

describe("report selectors: the pager's figures", () => {
  it("counts rows from 1 and offers only the pages there are, in the report's own numbering", () => {
    expect(pagingOf({ page: 1, pageBase: 1, pageSize: 10, total: 0 })).toEqual({
      pageSize: 10,
      total: 0,
      from: 0,
      to: 0,
      previous: null,
      next: null,
    })
    expect(pagingOf({ page: 1, pageBase: 1, pageSize: 10, total: 25 })).toMatchObject({ from: 1, to: 10, previous: null, next: 2 })
    expect(pagingOf({ page: 3, pageBase: 1, pageSize: 10, total: 25 })).toMatchObject({ from: 21, to: 25, previous: 2, next: null })
    expect(pagingOf({ page: 0, pageBase: 0, pageSize: 5, total: 12 })).toMatchObject({ from: 1, to: 5, previous: null, next: 1 })
    expect(pagingOf({ page: 2, pageBase: 0, pageSize: 5, total: 12 })).toMatchObject({ from: 11, to: 12, previous: 1, next: null })
    expect(pagingOf({ page: 1, pageBase: 1, pageSize: 10, total: 10 })).toMatchObject({ from: 1, to: 10, next: null })
  })

  it("reads the paging of a running report (page base from its configuration)", () => {
    const { actor } = drive({ pageBase: 0 })
    expect(selectPaging(actor.getSnapshot())).toMatchObject({ pageSize: 10, total: 0, previous: null, next: null })
    expect(actor.getSnapshot().context.page).toBe(0)
    actor.stop()
  })
})
