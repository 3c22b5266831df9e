/**
 * The one paged-report machine (systemIds `report-<name>`): applied filters, a draft the filter bar edits, a search,
 * page and page size, the loaded rows and total, the last load failure, a detail dialog (a row's media or complaint)
 * and the export. Each screen configures it (`ReportConfig`); no screen pages by itself.
 *
 * Two regions run side by side: `data` (idle, unpicked, loading, ready, failed) and `exporting` (idle, fetching,
 * waiting, saving). A super admin (`picks`, told by REPORT.OPEN) is no business's member: nothing is read or exported
 * until they pick the business (BUSINESS.PICK), and then every read and export names it (`clientId` of the query). A new query while loading re-enters `loading`, which stops the old request (its fiber is interrupted).
 * The export makes the file with the applied filters (`exportFile`, or `exportRows` then `toFile`), waits
 * `downloadDelayMs` after it is ready (1 s for call history, spec 000 section 9), then holds it in `download` until
 * the view has saved it (`EXPORT.SAVED`): handing a file to the browser is DOM work. A failed export is emitted as
 * an `alert` (spec 000 section 8: an alert, not a notice) for the view to show in the user's language.
 * Views read it through the tags (`ReportTag`) and the selectors in report-selectors.ts, not through state names.
 */
import { Effect } from "effect"
import { type ActorRefFrom, assertEvent, assign, type ErrorActorEvent, emit, setup } from "xstate"
import { type Failure, failureOf } from "../common/failure"
import { type AppServices, fromEffect } from "../common/from-effect"

export const PAGE_SIZES = [5, 10, 25] as const
export const DEFAULT_PAGE_SIZE = 10

export interface ReportQuery<F> {
  readonly filters: F
  readonly search: string
  /** In the report's own numbering (`pageBase`). */
  readonly page: number
  readonly pageSize: number
  /** The business a super admin picked; absent for a business's own members. */
  readonly clientId?: number
}

export interface ReportPage<Row, Meta> {
  readonly rows: readonly Row[]
  readonly total: number
  /** What else the answer carried (the complaint report's filter options and cards). */
  readonly meta?: Meta
}

export interface ExportFile {
  readonly filename: string
  /** Text, or a Blob a streaming export built in parts (the machine only carries it). */
  readonly content: string | Blob
  readonly mime: string
}

export interface ReportConfig<Row, F, Meta = undefined> {
  readonly name: string
  readonly pageBase: 0 | 1
  readonly defaultFilters: () => F
  /** `undefined` keeps the rows already shown (silently ignored report errors, spec 000 section 8). */
  readonly load: (query: ReportQuery<F>) => Effect.Effect<ReportPage<Row, Meta> | undefined, unknown, AppServices>
  /** A small export: the rows, then `toFile` makes the file. */
  readonly exportRows?: (query: ReportQuery<F>) => Effect.Effect<readonly Row[], unknown, AppServices>
  readonly toFile?: (rows: readonly Row[], query: ReportQuery<F>) => ExportFile
  /** A large export made as it streams in; `null` when there are no rows. Wins over exportRows/toFile. */
  readonly exportFile?: (query: ReportQuery<F>) => Effect.Effect<ExportFile | null, unknown, AppServices>
  readonly downloadDelayMs?: number
  /** Completes a draft after every change (call history: a cleared range is today again, one day is both ends). */
  readonly draftOf?: (draft: F) => F
  /** A change that applies itself when the draft it leaves is complete (OTP logs: once both dates are picked). */
  readonly appliesOnChange?: (draft: F) => boolean
  /**
   * Why a draft cannot be applied (a key under `reportKit.problems`, e.g. the end before the start), or null. Apply then
   * loads nothing and the view says why; the rows already shown stay.
   */
  readonly check?: (draft: F) => FilterProblem | null
}

/** Why a draft was not applied: a key the view words (`reportKit.problems.<key>`). */
export type FilterProblem = string

export type Notice = "noData"

/** What views ask the machine instead of naming its states. */
export type ReportTag = "loading" | "ready" | "failed" | "exporting"

/** One-off outputs the view turns into browser actions. */
export type ReportEmitted = { readonly type: "alert"; readonly key: "exportFailed" }

export interface ReportContext<Row, F, Meta> {
  /** The first page's number in the report's own numbering (config.pageBase). */
  readonly pageBase: 0 | 1
  readonly filters: F
  readonly draft: F
  readonly search: string
  readonly searchDraft: string
  readonly page: number
  readonly pageSize: number
  readonly rows: readonly Row[]
  readonly total: number
  readonly meta: Meta | undefined
  readonly error: Failure | null
  /** Why the last Apply was refused (config.check); cleared by the next Apply or Clear. */
  readonly invalid: FilterProblem | null
  readonly detail: Row | null
  readonly download: (ExportFile & { readonly id: number }) | null
  readonly notice: { readonly kind: Notice; readonly id: number } | null
  /** The file made, waiting out `downloadDelayMs`. */
  readonly pendingFile: ExportFile | null
  readonly seq: number
  /** The user picks the business the report reads (a super admin); otherwise it is their own. */
  readonly picks: boolean
  /** The business picked; null until then, and always for a business's own members. */
  readonly clientId: number | null
}

export type ReportEvent<Row, F> =
  /** `picks`: the user is a super admin, who picks the business first. */
  | { type: "REPORT.OPEN"; picks?: boolean }
  | { type: "BUSINESS.PICK"; clientId: number }
  | { type: "REPORT.RELOAD" }
  | { type: "REPORT.RESET" }
  | { type: "FILTER.CHANGE"; patch: Partial<F> }
  | { type: "FILTER.APPLY" }
  | { type: "FILTER.CLEAR" }
  | { type: "SEARCH.CHANGE"; text: string }
  | { type: "SEARCH.SUBMIT" }
  | { type: "SEARCH.CLEAR" }
  | { type: "PAGE.SET"; page: number }
  | { type: "PAGE_SIZE.SET"; size: number }
  | { type: "DETAIL.OPEN"; row: Row }
  | { type: "DETAIL.CLOSE" }
  | { type: "EXPORT" }
  | { type: "EXPORT.SAVED" }
  | { type: "NOTICE.DISMISS" }

export const queryOf = <Row, F, Meta>(context: ReportContext<Row, F, Meta>): ReportQuery<F> => ({
  filters: context.filters,
  search: context.search,
  page: context.page,
  pageSize: context.pageSize,
  ...(context.clientId === null ? {} : { clientId: context.clientId }),
})

/** The `client_id` a report call sends: the business a super admin picked, or nothing (the caller's own). */
export const businessOf = (query: { readonly clientId?: number }): { client_id?: number } =>
  query.clientId === undefined ? {} : { client_id: query.clientId }

/** An invocation's failure, as an action's parameter (in an action list the event's type is not inferred). */
const errorOf = ({ event }: { event: ErrorActorEvent }): unknown => event.error

export const createReportMachine = <Row, F, Meta = undefined>(config: ReportConfig<Row, F, Meta>) => {
  type Ctx = ReportContext<Row, F, Meta>
  type Ev = ReportEvent<Row, F>
  const complete = config.draftOf ?? ((draft: F) => draft)
  const initial = (): Ctx => {
    const filters = config.defaultFilters()
    return {
      pageBase: config.pageBase,
      filters,
      draft: filters,
      search: "",
      searchDraft: "",
      page: config.pageBase,
      pageSize: DEFAULT_PAGE_SIZE,
      rows: [],
      total: 0,
      meta: undefined,
      error: null,
      invalid: null,
      detail: null,
      download: null,
      notice: null,
      pendingFile: null,
      seq: 0,
      picks: false,
      clientId: null,
    }
  }
  /** The event an action or guard is bound to, typed (and checked: a wrong binding fails loudly). */
  const eventOf = <T extends Ev["type"]>(event: Ev, type: T): Extract<Ev, { type: T }> => {
    const checked: Ev = event
    assertEvent(checked, type)
    return event as Extract<Ev, { type: T }>
  }
  const changed = (context: Ctx, event: Ev): F => complete({ ...context.draft, ...eventOf(event, "FILTER.CHANGE").patch })
  const makeExport = (query: ReportQuery<F>): Effect.Effect<ExportFile | null, unknown, AppServices> => {
    if (config.exportFile) return config.exportFile(query)
    if (!config.exportRows || !config.toFile) throw new Error(`report ${config.name} has no export`)
    const toFile = config.toFile
    return config.exportRows(query).pipe(Effect.map((rows) => (rows.length === 0 ? null : toFile(rows, query))))
  }
  return setup({
    types: { context: {} as Ctx, events: {} as Ev, emitted: {} as ReportEmitted, tags: {} as ReportTag },
    actors: {
      load: fromEffect((query: ReportQuery<F>) => config.load(query)),
      exportFile: fromEffect(makeExport),
    },
    delays: { downloadDelay: () => config.downloadDelayMs ?? 0 },
    guards: {
      appliesOnChange: ({ context, event }) => {
        const draft = changed(context, event)
        return (config.appliesOnChange?.(draft) ?? false) && !config.check?.(draft)
      },
      draftInvalid: ({ context }) => Boolean(config.check?.(context.draft)),
      validPage: ({ context, event }) => {
        const { page } = eventOf(event, "PAGE.SET")
        return Number.isInteger(page) && page >= config.pageBase && page !== context.page
      },
      validPageSize: ({ event }) => (PAGE_SIZES as readonly number[]).includes(eventOf(event, "PAGE_SIZE.SET").size),
      canExport: ({ context }) =>
        (!context.picks || context.clientId !== null) &&
        (config.exportFile !== undefined || (config.exportRows !== undefined && config.toFile !== undefined)),
      readable: ({ context }) => !context.picks || context.clientId !== null,
      picksBusiness: ({ context }) => context.picks,
      exportEmpty: (_, file: ExportFile | null) => file === null,
    },
    actions: {
      changeFilter: assign({ draft: ({ context, event }) => changed(context, event) }),
      applyFilter: assign({ filters: ({ context }) => context.draft, page: config.pageBase, invalid: null }),
      refuseFilter: assign({ invalid: ({ context }) => config.check?.(context.draft) ?? null }),
      clearFilter: assign(() => {
        const filters = config.defaultFilters()
        return { filters, draft: filters, page: config.pageBase, invalid: null }
      }),
      changeSearch: assign({ searchDraft: ({ event }) => eventOf(event, "SEARCH.CHANGE").text }),
      submitSearch: assign({ search: ({ context }) => context.searchDraft.trim(), page: config.pageBase }),
      clearSearch: assign({ search: "", searchDraft: "", page: config.pageBase }),
      setPage: assign({ page: ({ event }) => eventOf(event, "PAGE.SET").page }),
      setPageSize: assign({ pageSize: ({ event }) => eventOf(event, "PAGE_SIZE.SET").size, page: config.pageBase }),
      storePage: assign(({ context }, page: ReportPage<Row, Meta> | undefined) =>
        page ? { rows: page.rows, total: page.total, meta: page.meta ?? context.meta, error: null } : { error: null },
      ),
      // Spec 000 section 8: a load failure is logged and the loading indicator stops; the last rows stay.
      storeError: assign((_, error: unknown) => ({ error: failureOf(error) })),
      logError: ({ context }) => console.error(`[report ${config.name}] load failed:`, context.error),
      openDetail: assign({ detail: ({ event }) => eventOf(event, "DETAIL.OPEN").row }),
      closeDetail: assign({ detail: null }),
      holdFile: assign((_, file: ExportFile | null) => ({ pendingFile: file })),
      releaseFile: assign(({ context }) => ({
        download: context.pendingFile && { ...context.pendingFile, id: context.seq + 1 },
        pendingFile: null,
        seq: context.seq + 1,
      })),
      dropFile: assign({ download: null }),
      noticeNoData: assign(({ context }) => ({
        notice: { kind: "noData" as const, id: context.seq + 1 },
        seq: context.seq + 1,
      })),
      alertExportFailed: emit({ type: "alert", key: "exportFailed" } as const),
      logExportError: (_, error: unknown) => console.error(`[report ${config.name}] export failed:`, error),
      dismissNotice: assign({ notice: null }),
      reset: assign(() => initial()),
      takePicks: assign(({ context, event }) => ({ picks: eventOf(event, "REPORT.OPEN").picks ?? context.picks })),
      // Another business: its rows, cards and agents are not this one's; the filters stay.
      pick: assign(({ event }) => ({
        clientId: eventOf(event, "BUSINESS.PICK").clientId,
        rows: [],
        total: 0,
        meta: undefined,
        error: null,
        detail: null,
        page: config.pageBase,
      })),
    },
  }).createMachine({
    id: `report-${config.name}`,
    context: initial,
    type: "parallel",
    on: {
      "REPORT.RESET": { target: [".data.idle", ".exporting.idle"], actions: "reset" },
      "FILTER.CHANGE": [
        { guard: "appliesOnChange", target: ".data.choosing", actions: ["changeFilter", "applyFilter"] },
        { actions: "changeFilter" },
      ],
      "SEARCH.CHANGE": { actions: "changeSearch" },
      "DETAIL.OPEN": { actions: "openDetail" },
      "DETAIL.CLOSE": { actions: "closeDetail" },
      "NOTICE.DISMISS": { actions: "dismissNotice" },
    },
    states: {
      data: {
        initial: "idle",
        on: {
          "REPORT.OPEN": { target: ".choosing", actions: "takePicks" },
          "REPORT.RELOAD": { target: ".choosing" },
          "BUSINESS.PICK": { guard: "picksBusiness", target: ".choosing", actions: "pick" },
          "FILTER.APPLY": [
            { guard: "draftInvalid", actions: "refuseFilter" },
            { target: ".choosing", actions: "applyFilter" },
          ],
          "FILTER.CLEAR": { target: ".choosing", actions: "clearFilter" },
          "SEARCH.SUBMIT": { target: ".choosing", actions: "submitSearch" },
          "SEARCH.CLEAR": { target: ".choosing", actions: "clearSearch" },
          "PAGE.SET": { guard: "validPage", target: ".choosing", actions: "setPage" },
          "PAGE_SIZE.SET": { guard: "validPageSize", target: ".choosing", actions: "setPageSize" },
        },
        states: {
          idle: {},
          // Where every read starts: a super admin who has not picked a business reads nothing.
          choosing: { always: [{ guard: "readable", target: "loading" }, { target: "unpicked" }] },
          unpicked: {},
          loading: {
            tags: "loading",
            invoke: {
              id: "load",
              src: "load",
              input: ({ context }) => queryOf(context),
              onDone: { target: "ready", actions: { type: "storePage", params: ({ event }) => event.output } },
              onError: { target: "failed", actions: [{ type: "storeError", params: errorOf }, "logError"] },
            },
          },
          ready: { tags: "ready" },
          failed: { tags: "failed" },
        },
      },
      exporting: {
        initial: "idle",
        states: {
          idle: { on: { EXPORT: { guard: "canExport", target: "fetching" } } },
          fetching: {
            tags: "exporting",
            invoke: {
              id: "exportFile",
              src: "exportFile",
              input: ({ context }) => queryOf(context),
              onDone: [
                { guard: { type: "exportEmpty", params: ({ event }) => event.output }, target: "idle", actions: "noticeNoData" },
                { target: "waiting", actions: { type: "holdFile", params: ({ event }) => event.output } },
              ],
              onError: {
                target: "idle",
                actions: ["alertExportFailed", { type: "logExportError", params: errorOf }],
              },
            },
          },
          waiting: { tags: "exporting", after: { downloadDelay: { target: "saving", actions: "releaseFile" } } },
          saving: { tags: "exporting", on: { "EXPORT.SAVED": { target: "idle", actions: "dropFile" } } },
        },
      },
    },
  })
}

export type ReportMachine<Row, F, Meta = undefined> = ReturnType<typeof createReportMachine<Row, F, Meta>>

/** A paged report's actor whichever its rows and filters (what `systemActor` answers for a `report-<name>` id). */
export type AnyReportRef = ActorRefFrom<ReportMachine<any, any, any>>
