/**
 * The paged-report machine, model-based: xstate/graph walks the chart (every state the two regions can be in, with
 * the detail dialog and the export notice), then every path is replayed on a real actor whose load and export
 * invocations are settled by the test; and from every reached state every event is sent once more and the actor's
 * answer is checked against the model's pure transition.
 */
import { describe, expect, it, vi } from "vitest"
import { Effect } from "effect"
import { createActor, initialTransition, transition } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { createReportMachine, type ReportConfig, type ReportEvent } from "./report-machine"
import { completion, makeScript } from "../common/scripted-actors.testing"

interface Row {
  readonly id: number
  readonly text: string
}
interface Filters {
  readonly from: string
  readonly kind: string
}

const config: ReportConfig<Row, Filters> = {
  name: "test",
  pageBase: 1,
  defaultFilters: () => ({ from: "2026-01-01", kind: "all" }),
  load: () => Effect.succeed({ rows: [], total: 0 }),
  exportRows: () => Effect.succeed([]),
  toFile: (rows, query) => ({
    filename: `test_${query.filters.kind}.csv`,
    content: rows.map((r) => r.text).join("\n"),
    mime: "text/csv",
  }),
  downloadDelayMs: 1000,
}
const machine = createReportMachine(config)
const AFTER = `xstate.after.downloadDelay.report-test.exporting.waiting`

type Ev = ReportEvent<Row, Filters> | { type: string; [key: string]: unknown }
const rows: Row[] = [
  { id: 1, text: "a" },
  { id: 2, text: "b" },
]
const events: Ev[] = [
  { type: "REPORT.OPEN" },
  // A super admin's screen: nothing is read until they pick the business.
  { type: "REPORT.OPEN", picks: true },
  { type: "BUSINESS.PICK", clientId: 7 },
  { type: "REPORT.RELOAD" },
  { type: "REPORT.RESET" },
  { type: "FILTER.CHANGE", patch: { kind: "incoming" } },
  { type: "FILTER.APPLY" },
  { type: "FILTER.CLEAR" },
  { type: "SEARCH.CHANGE", text: "user1@" },
  { type: "SEARCH.SUBMIT" },
  { type: "SEARCH.CLEAR" },
  { type: "PAGE.SET", page: 2 },
  { type: "PAGE.SET", page: 0 },
  { type: "PAGE_SIZE.SET", size: 25 },
  { type: "PAGE_SIZE.SET", size: 7 },
  { type: "DETAIL.OPEN", row: rows[0] },
  { type: "DETAIL.CLOSE" },
  { type: "EXPORT" },
  { type: "EXPORT.SAVED" },
  { type: "NOTICE.DISMISS" },
  { type: "xstate.done.actor.load", output: { rows, total: 42 } },
  { type: "xstate.done.actor.load", output: undefined },
  { type: "xstate.error.actor.load", error: new Error("503") },
  { type: "xstate.done.actor.exportFile", output: { filename: "test_all.csv", content: "a\nb", mime: "text/csv" } },
  { type: "xstate.done.actor.exportFile", output: null },
  { type: "xstate.error.actor.exportFile", error: new Error("500") },
  { type: AFTER },
]

type Snap = ReturnType<typeof initialTransition<typeof machine>>[0]
const view = (s: Snap) => ({
  value: s.value,
  tags: [...s.tags].sort(),
  filters: s.context.filters,
  draft: s.context.draft,
  search: s.context.search,
  searchDraft: s.context.searchDraft,
  page: s.context.page,
  pageSize: s.context.pageSize,
  rows: s.context.rows,
  total: s.context.total,
  error: s.context.error,
  detail: s.context.detail,
  download: s.context.download && { filename: s.context.download.filename, content: s.context.download.content },
  notice: s.context.notice?.kind ?? null,
  picks: s.context.picks,
  clientId: s.context.clientId,
})
const serialize = (s: Snap) =>
  JSON.stringify([
    s.value,
    s.context.detail !== null,
    s.context.notice?.kind ?? null,
    s.context.error !== null,
    s.context.picks,
    s.context.clientId !== null,
  ])

const paths = getShortestPaths(machine, { events: events as never, serializeState: (s) => serialize(s as Snap) })

/** A real actor with scripted invocations, and a `send` that replays model events (settling invocations, firing timers). */
const startReal = () => {
  const script = makeScript()
  const actor = createActor(machine.provide({ actors: { load: script.logic as never, exportFile: script.logic as never } }))
  actor.start()
  const send = async (event: Ev) => {
    const outcome = completion(event as { type: string })
    const running = Object.keys(actor.getSnapshot().children)
    if (outcome) {
      // A completion of something not running is dropped by the real actor, as by the model.
      if (!(running.includes(outcome.id) && script.complete(outcome))) actor.send(event as never)
    } else if (event.type === AFTER) {
      await vi.advanceTimersByTimeAsync(1000)
    } else {
      actor.send(event as never)
    }
    // Fake timers: flushing them (at 0 ms) also runs the microtasks that settle the invocations.
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(0)
    const now = Object.keys(actor.getSnapshot().children)
    script.forget((id) => now.includes(id))
  }
  return { actor, script, send }
}

const leafValues = (value: unknown, prefix = ""): string[] =>
  typeof value === "string"
    ? [`${prefix}${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leafValues(v, `${prefix}${k}.`))

describe("paged-report machine (model-based)", () => {
  it("reaches every state of both regions", () => {
    const reached = new Set(paths.flatMap((p) => leafValues(p.state.value)))
    for (const state of [
      "data.idle",
      "data.unpicked",
      "data.loading",
      "data.ready",
      "data.failed",
      "exporting.idle",
      "exporting.fetching",
      "exporting.waiting",
      "exporting.saving",
    ]) {
      expect(reached.has(state), state).toBe(true)
    }
  })

  it.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(" > ") || "(initial)", p] as const))(
    "replays %s, then every event from there, against the model",
    async (_name, path) => {
      vi.useFakeTimers()
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined)
      try {
        for (const extra of [null, ...events]) {
          const real = startReal()
          let model = initialTransition(machine)[0] as Snap
          for (const step of path.steps) {
            if ((step.event.type as string) === "xstate.init") continue
            await real.send(step.event as Ev)
            // The model's own answer to the same event (the walk keys states coarsely, so its stored snapshot may carry another route's context).
            model = transition(machine, model, step.event as never)[0] as Snap
            expect(model.value).toEqual(step.state.value)
            expect(view(real.actor.getSnapshot())).toEqual(view(model))
          }
          // Completions and timers arrive only from what is running; the model never receives the others either.
          const live =
            extra &&
            (extra.type.endsWith("actor.load")
              ? real.actor.getSnapshot().matches({ data: "loading" })
              : extra.type.endsWith("actor.exportFile")
                ? real.actor.getSnapshot().matches({ exporting: "fetching" })
                : extra.type === AFTER
                  ? real.actor.getSnapshot().matches({ exporting: "waiting" })
                  : true)
          if (extra && live) {
            await real.send(extra)
            const expected = transition(machine, model, extra as never)[0] as Snap
            expect(view(real.actor.getSnapshot()), extra.type).toEqual(view(expected))
          }
          real.actor.stop()
        }
      } finally {
        errors.mockRestore()
        vi.useRealTimers()
      }
    },
  )
})
