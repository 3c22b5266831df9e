/** The flag editor (page actor `flag-editor`): a flag's name, colour and description, created or updated. */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { createEditorMachine, type Draft } from "../contacts/editor-machine"

export const COLOR = /^#[0-9a-fA-F]{6}$/

const validFlag = (draft: Draft) => (draft.name ?? "").trim() !== "" && COLOR.test(draft.color ?? "")

export const flagEditorMachine = createEditorMachine(
  "flag",
  ({ id, draft }) =>
    Effect.gen(function* () {
      const api = yield* Api
      const fields = {
        name: (draft.name ?? "").trim(),
        color: draft.color ?? "",
        ...(draft.description?.trim() ? { description: draft.description.trim() } : {}),
      }
      if (id === null) yield* api.call("flags", "flagCreate", fields)
      else yield* api.call("flags", "flagUpdateById", { id, ...fields })
    }),
  validFlag,
)
