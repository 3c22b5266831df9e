/** The individual send's draft: the chosen template, the number, the parameters, and what stops a send. */
import type { Template } from "../../contract/schemas/templates"
import { fillPlaceholders, placeholdersOf } from "../../contract/template-rules"

export interface SendDraft {
  readonly templateId: number | null
  readonly number: string
  readonly params: readonly string[]
  readonly headerValue: string
}

export const blankSend: SendDraft = { templateId: null, number: "", params: [], headerValue: "" }

/** WhatsApp numbers in international form: +, then 7 to 15 digits (spaces, dashes and brackets ignored). */
export const numberOf = (text: string): string | null => {
  const compact = text.replace(/[\s()-]/g, "")
  return /^\+?[1-9][0-9]{6,14}$/.test(compact) ? (compact.startsWith("+") ? compact : `+${compact}`) : null
}

export const headerTakesValue = (t: Template | null) => t?.header_type === "text" && placeholdersOf(t.header ?? "").length > 0

export type SendProblem = "template" | "number" | "params" | "header"

export const sendProblemOf = (draft: SendDraft, template: Template | null): SendProblem | null => {
  if (!template) return "template"
  if (!numberOf(draft.number)) return "number"
  if (headerTakesValue(template) && !draft.headerValue.trim()) return "header"
  for (let i = 0; i < template.params_count; i++) if (!(draft.params[i] ?? "").trim()) return "params"
  return null
}

export const sendRequestOf = (draft: SendDraft, template: Template) => ({
  template_name: template.name,
  language: template.language,
  to: [numberOf(draft.number) ?? draft.number],
  params: draft.params.slice(0, template.params_count).map((p) => p.trim()),
  ...(draft.headerValue.trim() ? { header_value: draft.headerValue.trim() } : {}),
})

/** What the bubble shows: the values typed so far, the examples where none is typed yet. */
export const previewOf = (template: Template, params: readonly string[], headerValue: string) => {
  const values = Array.from({ length: template.params_count }, (_, i) => params[i]?.trim() || template.body_examples?.[i] || undefined)
  return {
    header:
      template.header_type === "text"
        ? fillPlaceholders(template.header ?? "", [headerValue.trim() || template.header_example || undefined])
        : null,
    body: fillPlaceholders(template.body, values),
  }
}
