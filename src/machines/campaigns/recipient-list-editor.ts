/**
 * Making, renaming and deleting recipient lists (page actor `recipient-list-editor`, the Recipient lists tab of
 * /apps/current-campaigns). A list comes from one source: typed numbers, an uploaded CSV (a `number` column or the
 * first; the other columns are the campaign's parameters), or the contacts of a group, a segment or a search. The
 * server accounts for every row (accepted, a duplicate of an earlier line, or invalid with why) and the result stays
 * on screen until closed. Typed numbers travel as a one-column CSV, so a line that is not a number is reported like
 * any other row rather than refused whole; their line numbers are the typed lines.
 *
 *   closed --CREATE--> loading --done--> editing --SUBMIT (complete)--> saving --done--> result --CLOSE--> closed
 *          --RENAME list--> editing (name only)              '--error (failure kept)--> editing
 *          --DELETE list--> confirming --CONFIRM--> deleting --done--> closed ; --error--> confirming (failure kept)
 *   editing --FILE--> reading --done--> editing (the file's text kept) ; typing and SUBMIT are taken in loading too
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { ContactGroup } from "../../contract/schemas/contacts"
import type { Segment } from "../../contract/schemas/tagging"
import type { RecipientList, RecipientListResult } from "../../contract/schemas/campaigns"
import { Api } from "../../services/api/api"
import type { PickedFile } from "../../services/chat/chat-files"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { reloadReport } from "../common/reload-report"

export type ListSourceKind = "numbers" | "csv" | "group" | "segment" | "search"
export const LIST_SOURCES: readonly ListSourceKind[] = ["numbers", "csv", "group", "segment", "search"]

/** The contract's limit on a CSV's text (20,000,000 characters): a bigger file is refused before it is read. */
export const CSV_MAX_BYTES = 20_000_000

export interface ListForm {
  readonly name: string
  readonly source: ListSourceKind
  readonly numbers: string
  readonly file: { readonly name: string; readonly text: string } | null
  readonly groupId: string
  readonly segmentId: string
  readonly search: string
  /** Two letters (TR): numbers written without + are read in this country. */
  readonly country: string
}

export type ListProblem = "name" | "numbers" | "file" | "fileTooLarge" | "group" | "segment" | "search" | "country"

export interface EditorContext {
  readonly mode: "create" | "rename" | "delete"
  readonly target: RecipientList | null
  readonly form: ListForm
  readonly groups: readonly ContactGroup[]
  readonly segments: readonly Segment[]
  readonly problem: ListProblem | null
  readonly result: RecipientListResult | null
  readonly failure: Failure | null
}

export type EditorEvent =
  | { type: "CREATE" }
  | { type: "RENAME"; list: RecipientList }
  | { type: "DELETE"; list: RecipientList }
  | { type: "EDIT"; patch: Partial<Omit<ListForm, "file">> }
  | { type: "FILE"; file: PickedFile }
  | { type: "SUBMIT" }
  | { type: "CONFIRM" }
  | { type: "CLOSE" }

const emptyForm = (name = ""): ListForm => ({
  name,
  source: "numbers",
  numbers: "",
  file: null,
  groupId: "",
  segmentId: "",
  search: "",
  country: "",
})

/** Typed entries, one a line (commas and semicolons also separate), blanks left out. */
export const typedEntries = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((e) => e.trim())
    .filter((e) => e !== "")

/** What is missing, first found; null when the form can be sent. */
export const listProblemOf = (mode: EditorContext["mode"], f: ListForm): ListProblem | null => {
  if (f.name.trim() === "") return "name"
  if (mode === "rename") return null
  if (f.country !== "" && !/^[A-Za-z]{2}$/.test(f.country)) return "country"
  if (f.source === "numbers" && typedEntries(f.numbers).length === 0) return "numbers"
  if (f.source === "csv" && (f.file === null || f.file.text.trim() === "")) return "file"
  if (f.source === "group" && f.groupId === "") return "group"
  if (f.source === "segment" && f.segmentId === "") return "segment"
  if (f.source === "search" && f.search.trim() === "") return "search"
  return null
}

/** The create call's body: one source, and the country when given. */
export const listRequestOf = (f: ListForm) => {
  const country = f.country === "" ? {} : { country: f.country.toUpperCase() }
  const name = f.name.trim()
  switch (f.source) {
    case "numbers":
      // A one-column CSV with a header, so every typed line is a row the server accounts for.
      return { name, csv: `number\n${typedEntries(f.numbers).join("\n")}\n`, ...country }
    case "csv":
      return { name, csv: f.file?.text ?? "", ...country }
    case "group":
      return { name, contacts: { group_id: Number(f.groupId) }, ...country }
    case "segment":
      return { name, contacts: { segment_id: Number(f.segmentId) }, ...country }
    case "search":
      return { name, contacts: { search: f.search.trim() }, ...country }
  }
}

/** Typed numbers went with a header line: the line a person typed is the server's line less one. */
export const typedLineOf = (source: ListSourceKind, line: number) => (source === "numbers" ? line - 1 : line)

export const recipientListEditorMachine = setup({
  types: { context: {} as EditorContext, events: {} as EditorEvent },
  actors: {
    choices: fromEffect<{ groups: readonly ContactGroup[]; segments: readonly Segment[] }, void>(() =>
      Effect.gen(function* () {
        const api = yield* Api
        const [groups, segments] = yield* Effect.all(
          [api.call("contacts", "groupsList", { limit: 1000 }), api.call("tagging", "segments", { limit: 1000 })],
          { concurrency: 2 },
        )
        return { groups: groups.data.items, segments: segments.data.items }
      }),
    ),
    read: fromEffect<{ name: string; text: string }, PickedFile>((file) =>
      Effect.tryPromise({ try: () => file.text(), catch: (error) => error }).pipe(Effect.map((text) => ({ name: file.name, text }))),
    ),
    create: fromEffect<RecipientListResult, ReturnType<typeof listRequestOf>>((body) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("templates", "templateRecipientsCreate", body)),
        (b) => b.data,
      ),
    ),
    rename: fromEffect<RecipientListResult, { id: number; name: string }>((body) =>
      Effect.map(
        Effect.flatMap(Api, (api) => api.call("templates", "templateRecipientsUpdate", body)),
        (b) => b.data,
      ),
    ),
    remove: fromEffect<unknown, { id: number }>((body) =>
      Effect.flatMap(Api, (api) => api.call("templates", "templateRecipientsDelete", body)),
    ),
  },
  guards: {
    complete: ({ context }) => listProblemOf(context.mode, context.form) === null,
    renaming: ({ context }) => context.mode === "rename",
    fileTooLarge: ({ event }) => {
      assertEvent(event, "FILE")
      return event.file.size > CSV_MAX_BYTES
    },
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, "EDIT")
      return { form: { ...context.form, ...event.patch }, problem: null }
    }),
    fail: assign({ failure: ({ event }) => failureOf((event as unknown as { error: unknown }).error) }),
    reloadLists: reloadReport("report-recipient-lists"),
  },
}).createMachine({
  id: "recipient-list-editor",
  context: {
    mode: "create",
    target: null,
    form: emptyForm(),
    groups: [],
    segments: [],
    problem: null,
    result: null,
    failure: null,
  },
  initial: "closed",
  on: { CLOSE: { target: ".closed" } },
  states: {
    closed: {
      entry: assign({ result: null, problem: null }),
      on: {
        CREATE: {
          target: "loading",
          actions: assign({ mode: "create", target: null, form: () => emptyForm(), failure: null }),
        },
        RENAME: {
          target: "editing",
          actions: assign({
            mode: "rename",
            target: ({ event }) => event.list,
            form: ({ event }) => emptyForm(event.list.name),
            failure: null,
          }),
        },
        DELETE: { target: "confirming", actions: assign({ mode: "delete", target: ({ event }) => event.list, failure: null }) },
      },
    },
    loading: {
      // Typing and Create are taken while the groups and segments load (only those two sources need them).
      on: {
        EDIT: { actions: "edit" },
        SUBMIT: [
          { guard: "complete", target: "saving" },
          { actions: assign({ problem: ({ context }) => listProblemOf(context.mode, context.form) }) },
        ],
      },
      invoke: {
        id: "choices",
        src: "choices",
        onDone: {
          target: "editing",
          actions: assign({ groups: ({ event }) => event.output.groups, segments: ({ event }) => event.output.segments }),
        },
        onError: { target: "editing", actions: "fail" },
      },
    },
    editing: {
      on: {
        EDIT: { actions: "edit" },
        FILE: [
          { guard: "fileTooLarge", actions: assign({ problem: "fileTooLarge", form: ({ context }) => ({ ...context.form, file: null }) }) },
          { target: "reading", actions: assign({ problem: null }) },
        ],
        SUBMIT: [
          { guard: "complete", target: "saving" },
          { actions: assign({ problem: ({ context }) => listProblemOf(context.mode, context.form) }) },
        ],
      },
    },
    reading: {
      on: { EDIT: { actions: "edit" } },
      invoke: {
        id: "read",
        src: "read",
        input: ({ event }) => {
          assertEvent(event, "FILE")
          return event.file
        },
        onDone: { target: "editing", actions: assign({ form: ({ context, event }) => ({ ...context.form, file: event.output }) }) },
        onError: { target: "editing", actions: assign({ problem: "file" }) },
      },
    },
    saving: {
      initial: "pick",
      states: {
        pick: { always: [{ guard: "renaming", target: "renaming" }, { target: "creating" }] },
        creating: {
          invoke: {
            id: "create",
            src: "create",
            input: ({ context }) => listRequestOf(context.form),
            onDone: { target: "#recipient-list-editor.result", actions: [assign({ result: ({ event }) => event.output }), "reloadLists"] },
            onError: { target: "#recipient-list-editor.editing", actions: "fail" },
          },
        },
        renaming: {
          invoke: {
            id: "rename",
            src: "rename",
            input: ({ context }) => ({ id: context.target?.id ?? 0, name: context.form.name.trim() }),
            onDone: { target: "#recipient-list-editor.closed", actions: "reloadLists" },
            onError: { target: "#recipient-list-editor.editing", actions: "fail" },
          },
        },
      },
    },
    result: {},
    confirming: {
      on: { CONFIRM: "deleting" },
    },
    deleting: {
      invoke: {
        id: "remove",
        src: "remove",
        input: ({ context }) => ({ id: context.target?.id ?? 0 }),
        onDone: { target: "closed", actions: "reloadLists" },
        onError: { target: "confirming", actions: "fail" },
      },
    },
  },
})
