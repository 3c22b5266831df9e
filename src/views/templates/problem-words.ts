/** A broken WhatsApp rule in the user's language (the rule itself: src/contract/template-rules.ts). */
import type { TemplateProblem } from "../../contract/template-rules"

type T = (key: string, values?: Record<string, unknown>) => string

export const problemWords = (t: T, p: TemplateProblem): string => {
  const values: Record<string, unknown> = { ...p }
  if (p.code === "header_params_order") values.p = "{{1}}"
  if (p.code === "body_params_order") values.p = `{{${p.expected}}}`
  if (p.code === "body_example_missing") values.p = `{{${p.index}}}`
  return t(`templates.problems.${p.code}`, values)
}
