/**
 * The settings-form kit on its own, model-based (model-check.testing.ts): the whole form, and a dialog's form made
 * from its parts (starts `closed`, OPEN reads afresh, its own context read with the stored thing, a reload of its own,
 * a draft that keeps what is typed across a save).
 */
import { fromPromise } from "xstate"
import { checkModel } from "./model-check.testing"
import { settingsForm, settingsFormMachine } from "./settings-form"

interface Stored {
  readonly name: string
  readonly secret_set: boolean
}
interface Draft {
  readonly name: string
  readonly secret: string
}
type Problem = "nameRequired"

const draftOf = (stored: Stored | null): Draft => ({ name: stored?.name ?? "", secret: "" })
const problemOf = (draft: Draft): Problem | null => (draft.name.trim() === "" ? "nameRequired" : null)

const plainMachine = settingsFormMachine({
  id: "plain-form",
  load: fromPromise<Stored | null, void>(async () => null),
  save: fromPromise<Stored, Draft>(async ({ input }) => ({ name: input.name, secret_set: input.secret !== "" })),
  draftOf,
  problemOf,
})

const stored: Stored = { name: "Acme", secret_set: true }
const events = [
  { type: "xstate.error.actor.load", error: new Error("500") },
  { type: "RETRY" },
  { type: "EDIT", patch: { name: "Acme Bazaar", secret: "s3cret" } },
  { type: "EDIT", patch: { name: " " } },
  { type: "SAVE" },
  { type: "xstate.done.actor.save", output: { name: "Acme Bazaar", secret_set: true } },
  { type: "xstate.error.actor.save", error: { status: 409, code: "CONFLICT", message: "taken", field: "name" } },
  { type: "CLOSE" },
]
const view = (s: { tags: Set<string>; value: unknown; context: object }) => ({ value: s.value, tags: [...s.tags].sort(), ...s.context })

checkModel({
  name: "settings form",
  machine: plainMachine,
  sources: ["load", "save"],
  states: ["closed", "loading", "ready", "saving", "failed"],
  events: [{ type: "xstate.done.actor.load", output: stored }, { type: "xstate.done.actor.load", output: null }, ...events],
  key: (s) => [s.value, s.context.stored?.name ?? null, s.context.draft.name.trim() !== "", s.context.problem, s.context.failure !== null],
  view,
})

/** A dialog's form: the stored thing read with the choices it is edited against, and a reload that keeps the draft. */
const dialog = settingsForm({
  id: "dialog-form",
  load: fromPromise<{ readonly stored: Stored | null; readonly choices: readonly string[] }, void>(async () => ({
    stored: null,
    choices: [],
  })),
  save: fromPromise<Stored, Draft>(async ({ input }) => ({ name: input.name, secret_set: input.secret !== "" })),
  draftOf,
  problemOf,
  extra: { choices: [] as readonly string[] },
  loaded: (context, loaded) => ({
    ...context,
    stored: loaded.stored,
    choices: loaded.choices,
    draft: context.saved === 0 && context.stored === null ? draftOf(loaded.stored) : context.draft,
  }),
  savedDraft: (draft) => ({ ...draft, secret: "" }),
  events: {} as { type: "OPEN" } | { type: "RELOAD" },
})

const dialogMachine = dialog.kit.createMachine({
  id: dialog.id,
  context: dialog.empty,
  initial: "closed",
  on: { ...dialog.on, OPEN: dialog.open },
  states: { ...dialog.states, ready: { ...dialog.states.ready, on: { ...dialog.states.ready.on, RELOAD: { target: "loading" } } } },
})

checkModel({
  name: "settings form (a dialog's, from the parts)",
  machine: dialogMachine,
  sources: ["load", "save"],
  states: ["closed", "loading", "ready", "saving", "failed"],
  events: [{ type: "OPEN" }, { type: "xstate.done.actor.load", output: { stored, choices: ["a", "b"] } }, { type: "RELOAD" }, ...events],
  stories: [
    [
      { type: "OPEN" },
      { type: "xstate.done.actor.load", output: { stored, choices: ["a"] } },
      { type: "EDIT", patch: { name: "Acme Bazaar", secret: "s3cret" } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: { name: "Acme Bazaar", secret_set: true } },
      { type: "EDIT", patch: { name: "Acme Market" } },
      { type: "RELOAD" },
      { type: "xstate.done.actor.load", output: { stored: { name: "Acme Bazaar", secret_set: true }, choices: ["a", "b"] } },
      { type: "OPEN" },
    ],
    [{ type: "OPEN" }, { type: "xstate.done.actor.load", output: { stored, choices: ["a"] } }, { type: "CLOSE" }],
  ],
  key: (s) => [
    s.value,
    s.context.stored?.name ?? null,
    s.context.choices.length,
    s.context.draft.name.trim() !== "",
    s.context.problem,
    s.context.failure !== null,
    s.context.saved > 0,
  ],
  view,
})
