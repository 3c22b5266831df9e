/**
 * WhatsApp's rules for a message template (Meta's template components: name, header, body, footer, buttons), shared by
 * the editor (checked as the user types) and the server (checked before a template is stored or submitted). One rule,
 * one place: `templateProblems` answers every broken rule with the field it belongs to and the figures it names; the
 * console words them in the user's language, the server answers the first as a 400 naming its field.
 */

export const TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  headerParams: 1,
  body: 1024,
  bodyParams: 20,
  footer: 60,
  quickReplies: 3,
  callsToAction: 2,
  phoneButtons: 1,
  buttonText: 25,
  url: 2000,
  example: 1024,
} as const

export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i
const PHONE_PATTERN = /^\+[1-9][0-9]{6,14}$/

export type HeaderType = "text" | "image" | "video" | "document"
export type ButtonType = "QUICK_REPLY" | "URL" | "PHONE_NUMBER"

/** What the editor holds and what the server checks (optional parts absent or empty). */
export interface TemplateDraft {
  readonly name: string
  readonly category: string
  readonly header_type?: HeaderType | null
  /** Header text, or the sample media's link for image/video/document headers. */
  readonly header?: string | null
  readonly header_example?: string | null
  readonly body: string
  readonly body_examples?: readonly string[]
  readonly footer?: string | null
  readonly buttons?: readonly { readonly type: ButtonType; readonly text: string; readonly value?: string }[]
}

export type TemplateProblem =
  | { readonly code: "name_empty" | "name_pattern"; readonly field: "name" }
  | { readonly code: "category"; readonly field: "category" }
  | { readonly code: "header_empty" | "header_media_link" | "header_params_order"; readonly field: "header" }
  | { readonly code: "header_too_long" | "header_too_many_params"; readonly field: "header"; readonly max: number }
  | { readonly code: "header_example_missing"; readonly field: "header_example" }
  | { readonly code: "body_empty" | "body_edge_param"; readonly field: "body" }
  | { readonly code: "body_too_long" | "body_too_many_params"; readonly field: "body"; readonly max: number }
  | { readonly code: "body_params_order"; readonly field: "body"; readonly expected: number }
  | { readonly code: "body_example_missing"; readonly field: "body_examples"; readonly index: number }
  | { readonly code: "footer_too_long"; readonly field: "footer"; readonly max: number }
  | { readonly code: "footer_params"; readonly field: "footer" }
  | { readonly code: "buttons_mixed"; readonly field: "buttons" }
  | {
      readonly code: "too_many_quick_replies" | "too_many_calls_to_action" | "too_many_phones"
      readonly field: "buttons"
      readonly max: number
    }
  | { readonly code: "button_text_empty"; readonly field: "buttons"; readonly index: number }
  | { readonly code: "button_text_too_long"; readonly field: "buttons"; readonly index: number; readonly max: number }
  | { readonly code: "button_url" | "button_phone"; readonly field: "buttons"; readonly index: number }

export const TEMPLATE_CATEGORIES = ["MARKETING", "UTILITY", "AUTHENTICATION"] as const

/** The `{{n}}` placeholders of a text, in order of appearance. */
export const placeholdersOf = (text: string): number[] => [...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]))

/** How many distinct parameters a text takes (its highest `{{n}}`). */
export const paramCountOf = (text: string): number => Math.max(0, ...placeholdersOf(text))

/** The text with `{{n}}` replaced by `values[n-1]` where given (left as is otherwise). */
export const fillPlaceholders = (text: string, values: readonly (string | undefined)[]): string =>
  text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const value = values[Number(n) - 1]
    return value === undefined || value === "" ? whole : value
  })

/** Whether the distinct placeholders are exactly 1..n (each may repeat). */
const consecutive = (found: readonly number[]) => {
  const distinct = [...new Set(found)].sort((a, b) => a - b)
  return distinct.every((n, i) => n === i + 1)
}

const headerProblems = (d: TemplateDraft): TemplateProblem[] => {
  const type = d.header_type ?? null
  if (type === null) return []
  const header = (d.header ?? "").trim()
  if (header === "") return [{ code: "header_empty", field: "header" }]
  if (type !== "text") return URL_PATTERN.test(header) ? [] : [{ code: "header_media_link", field: "header" }]
  const out: TemplateProblem[] = []
  if ((d.header ?? "").length > TEMPLATE_LIMITS.headerText)
    out.push({ code: "header_too_long", field: "header", max: TEMPLATE_LIMITS.headerText })
  const found = placeholdersOf(header)
  if (found.length > TEMPLATE_LIMITS.headerParams)
    out.push({ code: "header_too_many_params", field: "header", max: TEMPLATE_LIMITS.headerParams })
  else if (found.length === 1 && found[0] !== 1) out.push({ code: "header_params_order", field: "header" })
  else if (found.length === 1 && !(d.header_example ?? "").trim()) out.push({ code: "header_example_missing", field: "header_example" })
  return out
}

const bodyProblems = (d: TemplateDraft): TemplateProblem[] => {
  const body = d.body ?? ""
  if (body.trim() === "") return [{ code: "body_empty", field: "body" }]
  const out: TemplateProblem[] = []
  if (body.length > TEMPLATE_LIMITS.body) out.push({ code: "body_too_long", field: "body", max: TEMPLATE_LIMITS.body })
  const found = placeholdersOf(body)
  const count = paramCountOf(body)
  if (count > TEMPLATE_LIMITS.bodyParams) out.push({ code: "body_too_many_params", field: "body", max: TEMPLATE_LIMITS.bodyParams })
  else if (!consecutive(found)) {
    const distinct = new Set(found)
    let expected = 1
    while (distinct.has(expected)) expected++
    out.push({ code: "body_params_order", field: "body", expected })
  } else {
    const trimmed = body.trim()
    if (found.length > 0 && (/^\{\{\s*\d+\s*\}\}/.test(trimmed) || /\{\{\s*\d+\s*\}\}$/.test(trimmed)))
      out.push({ code: "body_edge_param", field: "body" })
    const examples = d.body_examples ?? []
    for (let i = 0; i < count; i++) {
      if (!(examples[i] ?? "").trim()) {
        out.push({ code: "body_example_missing", field: "body_examples", index: i + 1 })
        break
      }
    }
  }
  return out
}

const footerProblems = (d: TemplateDraft): TemplateProblem[] => {
  const footer = d.footer ?? ""
  if (footer.length > TEMPLATE_LIMITS.footer) return [{ code: "footer_too_long", field: "footer", max: TEMPLATE_LIMITS.footer }]
  return placeholdersOf(footer).length > 0 ? [{ code: "footer_params", field: "footer" }] : []
}

const buttonProblems = (d: TemplateDraft): TemplateProblem[] => {
  const buttons = d.buttons ?? []
  const out: TemplateProblem[] = []
  const quick = buttons.filter((b) => b.type === "QUICK_REPLY").length
  const urls = buttons.filter((b) => b.type === "URL").length
  const phones = buttons.filter((b) => b.type === "PHONE_NUMBER").length
  if (quick > 0 && urls + phones > 0) out.push({ code: "buttons_mixed", field: "buttons" })
  if (quick > TEMPLATE_LIMITS.quickReplies)
    out.push({ code: "too_many_quick_replies", field: "buttons", max: TEMPLATE_LIMITS.quickReplies })
  if (urls + phones > TEMPLATE_LIMITS.callsToAction)
    out.push({ code: "too_many_calls_to_action", field: "buttons", max: TEMPLATE_LIMITS.callsToAction })
  else if (phones > TEMPLATE_LIMITS.phoneButtons) out.push({ code: "too_many_phones", field: "buttons", max: TEMPLATE_LIMITS.phoneButtons })
  buttons.forEach((b, i) => {
    const index = i + 1
    if (b.text.trim() === "") out.push({ code: "button_text_empty", field: "buttons", index })
    else if (b.text.length > TEMPLATE_LIMITS.buttonText)
      out.push({ code: "button_text_too_long", field: "buttons", index, max: TEMPLATE_LIMITS.buttonText })
    const value = (b.value ?? "").trim()
    if (b.type === "URL" && (!URL_PATTERN.test(value) || value.length > TEMPLATE_LIMITS.url))
      out.push({ code: "button_url", field: "buttons", index })
    if (b.type === "PHONE_NUMBER" && !PHONE_PATTERN.test(value)) out.push({ code: "button_phone", field: "buttons", index })
  })
  return out
}

/** Every rule the draft breaks (none: WhatsApp's limits allow it). */
export const templateProblems = (d: TemplateDraft): TemplateProblem[] => {
  const out: TemplateProblem[] = []
  if (d.name === "") out.push({ code: "name_empty", field: "name" })
  else if (!TEMPLATE_NAME_PATTERN.test(d.name)) out.push({ code: "name_pattern", field: "name" })
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(d.category)) out.push({ code: "category", field: "category" })
  return [...out, ...headerProblems(d), ...bodyProblems(d), ...footerProblems(d), ...buttonProblems(d)]
}

/** The problem in plain English (the server's 400 message; the console has its own words in three languages). */
export const problemText = (p: TemplateProblem): string => {
  switch (p.code) {
    case "name_empty":
      return "The name is required"
    case "name_pattern":
      return "The name may hold only lower-case letters, digits and underscores (up to 512)"
    case "category":
      return "The category must be MARKETING, UTILITY or AUTHENTICATION"
    case "header_empty":
      return "The header is empty: remove it or fill it in"
    case "header_media_link":
      return "A media header needs the sample file's link (http or https)"
    case "header_params_order":
      return "The header's parameter must be {{1}}"
    case "header_too_long":
      return `The header text may be at most ${p.max} characters`
    case "header_too_many_params":
      return `The header may hold at most ${p.max} parameter`
    case "header_example_missing":
      return "The header's parameter needs an example"
    case "body_empty":
      return "The body is required"
    case "body_edge_param":
      return "The body may not start or end with a parameter"
    case "body_too_long":
      return `The body may be at most ${p.max} characters`
    case "body_too_many_params":
      return `The body may hold at most ${p.max} parameters`
    case "body_params_order":
      return `The body's parameters must be numbered {{1}}, {{2}}, ... without gaps: {{${p.expected}}} is missing`
    case "body_example_missing":
      return `Parameter {{${p.index}}} needs an example`
    case "footer_too_long":
      return `The footer may be at most ${p.max} characters`
    case "footer_params":
      return "The footer may not hold parameters"
    case "buttons_mixed":
      return "Quick replies and call-to-action buttons cannot be mixed"
    case "too_many_quick_replies":
      return `At most ${p.max} quick replies`
    case "too_many_calls_to_action":
      return `At most ${p.max} call-to-action buttons`
    case "too_many_phones":
      return `At most ${p.max} phone button`
    case "button_text_empty":
      return `Button ${p.index} needs a text`
    case "button_text_too_long":
      return `Button ${p.index}'s text may be at most ${p.max} characters`
    case "button_url":
      return `Button ${p.index} needs a link starting with http:// or https://`
    case "button_phone":
      return `Button ${p.index} needs a phone number in international form (+ and digits)`
  }
}
