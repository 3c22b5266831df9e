/** The small create/edit dialog (groups, flags), model-based, on the flag editor's rules. */
import { checkModel } from "../common/model-check.testing"
import { flagEditorMachine } from "../flags/flag-editor"

checkModel({
  name: "flag editor",
  machine: flagEditorMachine,
  sources: ["save"],
  states: ["closed", "editing", "saving"],
  events: [
    { type: "OPEN", id: null, draft: { name: "", color: "#ff0000" } },
    { type: "OPEN", id: 4, draft: { name: "VIP", color: "#00aa00", description: "" } },
    { type: "EDIT", patch: { name: "Gold" } },
    { type: "EDIT", patch: { color: "red" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: undefined },
    { type: "xstate.error.actor.save", error: { status: 409, code: "CONFLICT", message: "name taken", field: "name" } },
    { type: "CLOSE" },
  ],
  stories: [
    [
      { type: "OPEN", id: 4, draft: { name: "VIP", color: "#00aa00", description: "" } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: undefined },
    ],
  ],
  key: (s) => [s.value, s.context.id, s.context.draft.name ?? "", s.context.draft.color ?? "", s.context.failure !== null],
  view: (s) => ({ value: s.value, id: s.context.id, draft: s.context.draft, failure: s.context.failure }),
})
