/**
 * The import wizard's column mapping: what each CSV column feeds (the number, the name, the email, an attribute, or
 * nothing), guessed from the header the way the server reads a file without a mapping, and turned into the
 * contract's `ImportMapping`. Also the rejection report as a CSV for download.
 */
import type { ContactImportResult, ImportMapping } from "../../contract/schemas/contacts"
import { csvFile } from "../../contract/csv"

export type ColumnRole = "number" | "name" | "email" | "attribute" | "ignore"

export interface ColumnChoice {
  readonly header: string
  readonly role: ColumnRole
  /** The attribute key, when the role is "attribute". */
  readonly key: string
}

/** A CSV header as an attribute key: lower case, `_` for anything else (the server's own rule). */
export const attributeKeyOf = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 64) || "attribute"

const NUMBER_HEADERS = new Set(["number", "phone", "mobile", "msisdn", "phone_number", "telefon", "numara"])

export const guessColumns = (headers: readonly string[]): ColumnChoice[] => {
  const taken = new Set<ColumnRole>()
  return headers.map((header) => {
    const key = attributeKeyOf(header)
    const role: ColumnRole =
      NUMBER_HEADERS.has(key) && !taken.has("number")
        ? "number"
        : (key === "name" || key === "ad") && !taken.has("name")
          ? "name"
          : (key === "email" || key === "e-mail") && !taken.has("email")
            ? "email"
            : header.trim() === ""
              ? "ignore"
              : "attribute"
    if (role !== "attribute" && role !== "ignore") taken.add(role)
    return { header, role, key }
  })
}

/** Choosing number, name or email for one column takes that role from any other column (it becomes an attribute). */
export const chooseRole = (columns: readonly ColumnChoice[], index: number, role: ColumnRole, key?: string): ColumnChoice[] =>
  columns.map((column, at) => {
    if (at === index) return { ...column, role, key: key ?? column.key }
    const unique = role === "number" || role === "name" || role === "email"
    return unique && column.role === role ? { ...column, role: "attribute" } : column
  })

export type MappingProblem = "noNumber" | "duplicateKey" | "badKey"

const KEY = /^[A-Za-z0-9_.-]{1,64}$/

export const mappingProblem = (columns: readonly ColumnChoice[]): MappingProblem | null => {
  if (!columns.some((c) => c.role === "number")) return "noNumber"
  const keys = columns.filter((c) => c.role === "attribute").map((c) => c.key)
  if (keys.some((k) => !KEY.test(k))) return "badKey"
  return new Set(keys).size === keys.length ? null : "duplicateKey"
}

export const mappingOf = (columns: readonly ColumnChoice[]): ImportMapping => {
  const header = (role: ColumnRole) => columns.find((c) => c.role === role)?.header
  const attributes = Object.fromEntries(columns.filter((c) => c.role === "attribute").map((c) => [c.header, c.key]))
  const name = header("name")
  const email = header("email")
  return {
    number: header("number") ?? "",
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  }
}

/** Every rejected row with its line and reason, as the file the result screen offers. */
export const rejectionsCsv = (result: ContactImportResult["data"]): string =>
  csvFile(
    ["line", "number", "reason", "message"],
    result.rejections.map((r) => [r.line, r.number ?? "", r.reason, r.message]),
  )
