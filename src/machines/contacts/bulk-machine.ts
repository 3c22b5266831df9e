/**
 * Bulk actions on contacts (page actor `contacts-bulk`, beside the contact book and the block list): a selection of
 * contacts kept across pages, or "all matching the filter"; an action (add to group, flag, unflag, tag, block,
 * unblock, export CSV) with its target; then the steps of bulk-steps.ts one after another with a progress bar, and a
 * result (how many matched and changed) or the failure and how far it got.
 *
 *   idle --ACTION.OPEN--> choosing --CONFIRM--> running --(step done, more)--> running
 *                              \--CANCEL--> idle         \--last step--> done --RESULT.DISMISS--> idle
 *                                                        \--error--> failed --RESULT.DISMISS--> idle
 *
 * On a change it emits `changed`, and the view reloads its list. An export ends with the file in `download`.
 */
import { assertEvent, assign, emit, setup } from "xstate"
import type { Contact, ContactFilter } from "../../contract/schemas/contacts"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import type { ExportFile } from "../report-kit/report-machine"
import { type BulkKind, type BulkScope, contactsCsv, NEEDS_TARGET, runStep, type StepInput, type StepOutput, stepCount } from "./bulk-steps"

export interface BulkContext {
  /** Selected contacts by number, kept while the list pages. */
  readonly selected: Readonly<Record<string, Contact>>
  /** "All matching the filter": the list's filter and count when chosen. */
  readonly allMatching: { readonly filter: ContactFilter; readonly total: number } | null
  readonly kind: BulkKind | null
  readonly targetId: number | null
  /** The scope frozen when the action started. */
  readonly scope: BulkScope | null
  readonly step: number
  readonly steps: number
  readonly matched: number
  readonly changed: number | null
  readonly rows: readonly Contact[]
  readonly failure: Failure | null
  readonly download: (ExportFile & { readonly id: number }) | null
  readonly seq: number
}

export type BulkEvent =
  | { type: "SELECT.TOGGLE"; contact: Contact }
  | { type: "SELECT.PAGE"; contacts: readonly Contact[]; on: boolean }
  | { type: "SELECT.ALL_MATCHING"; filter: ContactFilter; total: number }
  | { type: "SELECT.CLEAR" }
  | { type: "ACTION.OPEN"; kind: BulkKind }
  | { type: "ACTION.TARGET"; id: number | null }
  | { type: "CONFIRM" }
  | { type: "CANCEL" }
  | { type: "RESULT.DISMISS" }
  | { type: "DOWNLOAD.SAVED" }

export type BulkEmitted = { readonly type: "changed" }
export type BulkTag = "idle" | "choosing" | "running" | "done" | "failed"

const initial = (): BulkContext => ({
  selected: {},
  allMatching: null,
  kind: null,
  targetId: null,
  scope: null,
  step: 0,
  steps: 0,
  matched: 0,
  changed: null,
  rows: [],
  failure: null,
  download: null,
  seq: 0,
})

/** What the action would touch now: the selection, or everything matching. */
export const scopeOf = (context: Pick<BulkContext, "selected" | "allMatching">): BulkScope | null => {
  if (context.allMatching) return { kind: "filter", ...context.allMatching }
  const numbers = Object.keys(context.selected)
  return numbers.length > 0 ? { kind: "selection", numbers } : null
}

export const bulkMachine = setup({
  types: { context: {} as BulkContext, events: {} as BulkEvent, emitted: {} as BulkEmitted, tags: {} as BulkTag },
  actors: { step: fromEffect((input: StepInput) => runStep(input)) },
  guards: {
    hasScope: ({ context }) => scopeOf(context) !== null,
    ready: ({ context }) => context.kind !== null && (!NEEDS_TARGET.has(context.kind) || context.targetId !== null),
    moreSteps: ({ context }) => context.step < context.steps,
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, "SELECT.TOGGLE")
      const { [event.contact.number]: present, ...rest } = context.selected
      return { allMatching: null, selected: present ? rest : { ...context.selected, [event.contact.number]: event.contact } }
    }),
    selectPage: assign(({ context, event }) => {
      assertEvent(event, "SELECT.PAGE")
      const next = { ...context.selected }
      for (const contact of event.contacts) {
        if (event.on) next[contact.number] = contact
        else delete next[contact.number]
      }
      return { allMatching: null, selected: next }
    }),
    selectAll: assign(({ event }) => {
      assertEvent(event, "SELECT.ALL_MATCHING")
      return { selected: {}, allMatching: { filter: event.filter, total: event.total } }
    }),
    clear: assign({ selected: {}, allMatching: null }),
    open: assign(({ event }) => {
      assertEvent(event, "ACTION.OPEN")
      return { kind: event.kind, targetId: null, failure: null }
    }),
    target: assign(({ event }) => {
      assertEvent(event, "ACTION.TARGET")
      return { targetId: event.id }
    }),
    start: assign(({ context }) => {
      const scope = scopeOf(context)
      return {
        scope,
        step: 0,
        steps: scope && context.kind ? stepCount(context.kind, scope) : 0,
        matched: 0,
        changed: null,
        rows: [],
        failure: null,
      }
    }),
    storeStep: assign(({ context }, output: StepOutput) => ({
      step: context.step + 1,
      matched: context.matched + output.matched,
      changed: output.changed === null ? context.changed : (context.changed ?? 0) + output.changed,
      rows: output.rows.length > 0 ? [...context.rows, ...output.rows] : context.rows,
    })),
    finish: assign(({ context }) => {
      if (context.kind !== "export") return { selected: {}, allMatching: null }
      const rows = context.scope?.kind === "selection" ? Object.values(context.selected) : context.rows
      return {
        rows: [],
        download: {
          filename: `contacts-${new Date().toISOString().slice(0, 10)}.csv`,
          content: contactsCsv(rows),
          mime: "text/csv;charset=utf-8",
          id: context.seq + 1,
        },
        seq: context.seq + 1,
      }
    }),
    announce: emit({ type: "changed" } as const),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error), rows: [] })),
    dismiss: assign({ kind: null, targetId: null, scope: null, failure: null, step: 0, steps: 0 }),
    dropDownload: assign({ download: null }),
  },
}).createMachine({
  id: "contactsBulk",
  context: initial,
  initial: "idle",
  on: { "DOWNLOAD.SAVED": { actions: "dropDownload" } },
  states: {
    idle: {
      tags: "idle",
      on: {
        "SELECT.TOGGLE": { actions: "toggle" },
        "SELECT.PAGE": { actions: "selectPage" },
        "SELECT.ALL_MATCHING": { actions: "selectAll" },
        "SELECT.CLEAR": { actions: "clear" },
        "ACTION.OPEN": { guard: "hasScope", target: "choosing", actions: "open" },
      },
    },
    choosing: {
      tags: "choosing",
      on: {
        "ACTION.TARGET": { actions: "target" },
        CONFIRM: { guard: "ready", target: "running", actions: "start" },
        CANCEL: { target: "idle", actions: "dismiss" },
      },
    },
    running: {
      tags: "running",
      initial: "step",
      states: {
        step: {
          invoke: {
            id: "step",
            src: "step",
            input: ({ context }) => ({
              kind: context.kind as BulkKind,
              targetId: context.targetId,
              scope: context.scope as BulkScope,
              index: context.step,
            }),
            onDone: { target: "next", actions: { type: "storeStep", params: outputOf } },
            onError: { target: "#contactsBulk.failed", actions: { type: "fail", params: errorOf } },
          },
        },
        next: {
          always: [{ guard: "moreSteps", target: "step", reenter: true }, { target: "#contactsBulk.done" }],
        },
      },
    },
    done: {
      tags: "done",
      entry: ["finish", "announce"],
      on: { "RESULT.DISMISS": { target: "idle", actions: "dismiss" } },
    },
    failed: {
      tags: "failed",
      // Earlier batches did change contacts: the list shows them.
      entry: "announce",
      on: { "RESULT.DISMISS": { target: "idle", actions: "dismiss" } },
    },
  },
})
