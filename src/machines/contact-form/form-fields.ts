/**
 * The tenant's form as the settings screen edits it: the questions (a contact's name, email, or an attribute key;
 * text, email, number or date; required or optional), whether the form is open, and the default country numbers are
 * read in. The rule that turns a draft into the settings call's body (only what changed), and the list helpers.
 */
import type { ContactFormField } from "../../contract/schemas/contacts"
import type { ClientSettings } from "../../contract/schemas/tenants"

export const FORM_MAX_FIELDS = 30
const KEY = /^[A-Za-z0-9_.-]{1,64}$/
const COUNTRY = /^[A-Z]{2}$/

export type FieldType = ContactFormField["type"]

export interface FieldDraft {
  readonly key: string
  readonly label: string
  readonly type: FieldType
  readonly required: boolean
}

export interface FormDraft {
  readonly enabled: boolean
  /** ISO 3166 alpha-2 as typed ("" for none). */
  readonly country: string
  readonly fields: readonly FieldDraft[]
}

/** What the screen shows and saves of the tenant's settings. */
export interface FormSettings {
  readonly enabled: boolean
  readonly fields: readonly ContactFormField[]
  readonly link: string | null
  readonly default_country: string | null
}

export type FormProblem = "keyInvalid" | "keyTwice" | "countryInvalid" | "noChange"

export const formSettingsOf = (settings: ClientSettings): FormSettings => ({
  enabled: settings.contact_form?.enabled ?? false,
  fields: settings.contact_form?.fields ?? [],
  link: settings.contact_form?.link ?? null,
  default_country: settings.default_country ?? null,
})

export const formDraftOf = (s: FormSettings | null): FormDraft => ({
  enabled: s?.enabled ?? false,
  country: s?.default_country ?? "",
  fields: (s?.fields ?? []).map((f) => ({ key: f.key, label: f.label ?? "", type: f.type, required: f.required })),
})

const fieldOf = (d: FieldDraft): ContactFormField => ({
  key: d.key.trim(),
  ...(d.label.trim() ? { label: d.label.trim() } : {}),
  type: d.key.trim() === "email" ? "email" : d.type,
  required: d.required,
})

export type FormSave = { default_country?: string | null; contact_form?: { enabled: boolean; fields: ContactFormField[] } }

/** The body for updateAllsettings, or the first problem (`index`: the question to fix). */
export const formSaveOf = (
  stored: FormSettings,
  draft: FormDraft,
): { readonly problem: FormProblem; readonly index?: number } | { readonly save: FormSave } => {
  const keys = draft.fields.map((f) => f.key.trim().toLowerCase())
  const invalid = draft.fields.findIndex((f) => !KEY.test(f.key.trim()))
  if (invalid >= 0) return { problem: "keyInvalid", index: invalid }
  const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i)
  if (twice >= 0) return { problem: "keyTwice", index: twice }
  const country = draft.country.trim().toUpperCase()
  if (country && !COUNTRY.test(country)) return { problem: "countryInvalid" }
  const form = { enabled: draft.enabled, fields: draft.fields.map(fieldOf) }
  const save: FormSave = {
    ...((country || null) !== stored.default_country ? { default_country: country || null } : {}),
    ...(JSON.stringify(form) !== JSON.stringify({ enabled: stored.enabled, fields: stored.fields }) ? { contact_form: form } : {}),
  }
  return Object.keys(save).length === 0 ? { problem: "noChange" } : { save }
}

export const addField = (draft: FormDraft, key = ""): readonly FieldDraft[] =>
  draft.fields.length >= FORM_MAX_FIELDS
    ? draft.fields
    : [...draft.fields, { key, label: "", type: key === "email" ? "email" : "text", required: false }]

export const changeField = (draft: FormDraft, index: number, patch: Partial<FieldDraft>): readonly FieldDraft[] =>
  draft.fields.map((f, i) => (i === index ? { ...f, ...patch } : f))

export const removeField = (draft: FormDraft, index: number): readonly FieldDraft[] => draft.fields.filter((_, i) => i !== index)
