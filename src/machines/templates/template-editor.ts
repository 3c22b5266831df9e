/** One template created, edited (which submits it to WhatsApp again) or deleted (page actor `template-editor`), on the record editor kit. */
import { Effect } from "effect"
import type { Template } from "../../contract/schemas/templates"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"
import { blankTemplate, type TemplateDraft, templateDraftOf, templateProblemOf, templateRequestOf } from "./template-draft"

export const templateEditorMachine = createRecordEditor<Template, TemplateDraft>({
  list: "report-templates",
  blank: blankTemplate,
  draftOf: templateDraftOf,
  // The form lists every broken rule as it is typed; a save it stops says only that (`templates.saveProblems.invalid`).
  problemOf: (draft) => (templateProblemOf(draft) === null ? null : "invalid"),
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const request = templateRequestOf(draft)
      if (row) return yield* api.call("templates", "templateMessageUpdate", { id: row.id, ...request })
      return yield* api.call("templates", "templateMessageCreate", request)
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("templates", "deleteTemplateMessageByTemplateName", { template_name: row.name })
    }),
})
