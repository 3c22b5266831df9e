/** The contact group editor (page actor `group-editor`): a group's name and description, created or renamed. */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { createEditorMachine } from "./editor-machine"

export const groupEditorMachine = createEditorMachine(
  "group",
  ({ id, draft }) =>
    Effect.gen(function* () {
      const api = yield* Api
      const fields = { name: (draft.name ?? "").trim(), description: (draft.description ?? "").trim() }
      if (id === null) yield* api.call("contacts", "groupContactCreate", fields)
      else yield* api.call("contacts", "groupContactById", { id, ...fields })
    }),
  (draft) => (draft.name ?? "").trim() !== "",
)
