/**
 * The one rule for an answer on the public information-collection form, shared by the form page (which says it in
 * the visitor's language before sending) and the server (which refuses it with a 400 naming the field).
 */
import type { ContactFormField } from "./schemas/contacts"

export const FORM_ANSWER_MAX = 500

export type AnswerProblem = "required" | "tooLong" | "email" | "number" | "date"

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** What is wrong with this (trimmed) answer, or null. An empty optional answer is fine. */
export const answerProblem = (field: ContactFormField, raw: string | undefined): AnswerProblem | null => {
  const text = (raw ?? "").trim()
  if (!text) return field.required ? "required" : null
  if (text.length > FORM_ANSWER_MAX) return "tooLong"
  if ((field.type === "email" || field.key === "email") && !EMAIL.test(text)) return "email"
  if (field.type === "number" && !Number.isFinite(Number(text))) return "number"
  if (field.type === "date" && (!DATE.test(text) || Number.isNaN(new Date(text).getTime()))) return "date"
  return null
}
