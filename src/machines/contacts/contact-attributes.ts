/**
 * A contact's attributes as an editable list of key/value rows, what is wrong with a draft (named by its row), and
 * the patch the save sends: changed and new keys with their text, removed keys as null (the server deletes them).
 * Values that are not text (numbers, booleans) are shown as text and sent only when the user changed them.
 */
import type { Contact } from "../../contract/schemas/contacts"

export interface AttributeRow {
  readonly key: string
  readonly value: string
}

/** The server's limits (src/contract/schemas/common.ts `Attributes`). */
export const MAX_KEY = 64
export const MAX_VALUE = 1000
export const MAX_ATTRIBUTES = 100

export type DraftProblem =
  | { readonly kind: "emptyKey" | "longKey" | "longValue" | "duplicateKey"; readonly row: number }
  | { readonly kind: "tooMany"; readonly row: null }

type Attributes = Contact["attributes"]

const textOf = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value))

export const draftOf = (attributes: Attributes): AttributeRow[] =>
  Object.entries(attributes ?? {}).map(([key, value]) => ({ key, value: textOf(value) }))

/** The first thing that stops the draft from being saved, or null. A row with neither key nor value is ignored. */
export const draftProblem = (draft: readonly AttributeRow[]): DraftProblem | null => {
  const seen = new Set<string>()
  let count = 0
  for (const [row, { key, value }] of draft.entries()) {
    const k = key.trim()
    if (k === "" && value === "") continue
    if (k === "") return { kind: "emptyKey", row }
    if (k.length > MAX_KEY) return { kind: "longKey", row }
    if (value.length > MAX_VALUE) return { kind: "longValue", row }
    if (seen.has(k)) return { kind: "duplicateKey", row }
    seen.add(k)
    count++
  }
  return count > MAX_ATTRIBUTES ? { kind: "tooMany", row: null } : null
}

/** What to send for a valid draft; empty when nothing changed. */
export const attributesPatch = (before: Attributes, draft: readonly AttributeRow[]): Record<string, string | null> => {
  const stored = before ?? {}
  const rows = draft.filter((row) => row.key.trim() !== "" || row.value !== "")
  const kept = new Set(rows.map((row) => row.key.trim()))
  const patch: Record<string, string | null> = {}
  for (const key of Object.keys(stored)) if (!kept.has(key)) patch[key] = null
  for (const { key, value } of rows) {
    const k = key.trim()
    if (!(k in stored) || textOf(stored[k]) !== value) patch[k] = value
  }
  return patch
}
