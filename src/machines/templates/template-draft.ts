/**
 * The template editor's draft: what the form holds, the row it starts from, what it sends, and its problems, which
 * are WhatsApp's rules from the contract (src/contract/template-rules.ts), the same the server checks.
 */
import type { Template, TemplateButton } from "../../contract/schemas/templates"
import { paramCountOf, type HeaderType, templateProblems, type TemplateProblem } from "../../contract/template-rules"

export type HeaderChoice = "none" | HeaderType

export interface TemplateDraft {
  readonly name: string
  readonly language: string
  readonly category: "MARKETING" | "UTILITY" | "AUTHENTICATION"
  readonly headerType: HeaderChoice
  readonly header: string
  readonly headerExample: string
  readonly body: string
  readonly bodyExamples: readonly string[]
  readonly footer: string
  readonly buttons: readonly TemplateButton[]
}

export const blankTemplate = (): TemplateDraft => ({
  name: "",
  language: "en",
  category: "UTILITY",
  headerType: "none",
  header: "",
  headerExample: "",
  body: "",
  bodyExamples: [],
  footer: "",
  buttons: [],
})

export const templateDraftOf = (row: Template): TemplateDraft => ({
  name: row.name,
  language: row.language,
  category: row.category,
  headerType: (row.header_type as HeaderType | null) ?? "none",
  header: row.header ?? "",
  headerExample: row.header_example ?? "",
  body: row.body,
  bodyExamples: row.body_examples ?? [],
  footer: row.footer ?? "",
  buttons: row.buttons,
})

/** How many body parameters the draft has (the example inputs the form shows). */
export const bodyParamsOf = (draft: TemplateDraft) => Math.min(20, paramCountOf(draft.body))

/** The request fields of a create or an edit. */
export const templateRequestOf = (draft: TemplateDraft) => {
  const header = draft.headerType === "none" ? {} : { header_type: draft.headerType, header: draft.header.trim() }
  return {
    name: draft.name,
    language: draft.language,
    category: draft.category,
    ...header,
    ...(draft.headerType === "text" && draft.headerExample.trim() ? { header_example: draft.headerExample.trim() } : {}),
    body: draft.body,
    body_examples: draft.bodyExamples.slice(0, bodyParamsOf(draft)),
    ...(draft.footer.trim() ? { footer: draft.footer.trim() } : {}),
    buttons: draft.buttons,
  }
}

/** Every rule of WhatsApp's the draft breaks, as the form shows them while typing. */
export const draftProblems = (draft: TemplateDraft): TemplateProblem[] =>
  templateProblems({
    name: draft.name,
    category: draft.category,
    header_type: draft.headerType === "none" ? null : draft.headerType,
    header: draft.header,
    header_example: draft.headerExample,
    body: draft.body,
    body_examples: draft.bodyExamples,
    footer: draft.footer,
    buttons: draft.buttons,
  })

/** What stops a save: the first problem's code (worded as `templates.problems.<code>`), or null. */
export const templateProblemOf = (draft: TemplateDraft): string | null => draftProblems(draft)[0]?.code ?? null
