/**
 * What the import wizard learns from a picked CSV before anything is sent: its header, the first rows for the mapping
 * preview and how many data rows it has, or why it cannot be imported. Pure (bytes in, answer out), so the web
 * worker (csv-worker.ts) runs it off the main thread and the tests run it in Node. Parsing is papaparse's.
 */
import Papa from "papaparse"
import { CONTACTS_CSV_MAX_BYTES } from "../../contract/contacts-csv-limits"

export const PREVIEW_ROWS = 5

export type CsvProblem = "tooLarge" | "empty" | "notCsv" | "utf16" | "encoding" | "noHeader" | "noRows"

export interface CsvPreview {
  readonly ok: true
  readonly headers: readonly string[]
  readonly rows: readonly (readonly string[])[]
  /** Data rows (the header excluded, blank lines skipped). */
  readonly rowCount: number
  readonly hadBom: boolean
}

export interface CsvRejected {
  readonly ok: false
  readonly problem: CsvProblem
}

export type CsvInspection = CsvPreview | CsvRejected

const CSV_NAME = /\.(csv|txt)$/i
const CSV_TYPES = new Set(["", "text/csv", "text/plain", "application/csv", "application/vnd.ms-excel", "text/comma-separated-values"])

/** A name and type the browser gives for a CSV (Windows reports Excel's type for .csv files). */
export const looksLikeCsvFile = (name: string, type: string): boolean => CSV_NAME.test(name) && CSV_TYPES.has(type.toLowerCase())

const rejected = (problem: CsvProblem): CsvRejected => ({ ok: false, problem })

const isUtf16 = (bytes: Uint8Array): boolean => {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return true
  // UTF-16 without a BOM: ASCII text has a zero in every other byte, always on the same side (binary files do not).
  const sample = bytes.subarray(0, 512)
  const zeros = [0, 0]
  sample.forEach((byte, at) => {
    if (byte === 0) zeros[at % 2]++
  })
  const pairs = sample.length / 2
  return pairs >= 2 && (zeros[0] === 0 || zeros[1] === 0) && Math.max(zeros[0], zeros[1]) >= pairs * 0.75
}

export const inspectCsv = (bytes: Uint8Array, name: string, type: string): CsvInspection => {
  if (bytes.length > CONTACTS_CSV_MAX_BYTES) return rejected("tooLarge")
  if (bytes.length === 0) return rejected("empty")
  if (!looksLikeCsvFile(name, type)) return rejected("notCsv")
  if (isUtf16(bytes)) return rejected("utf16")
  if (bytes.includes(0)) return rejected("notCsv")
  const hadBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
  let text: string
  try {
    // `fatal`: a Latin-1 or Windows-1254 file is refused instead of silently turned into replacement characters.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return rejected("encoding")
  }
  if (text.trim() === "") return rejected("empty")
  let headers: string[] | null = null
  const rows: string[][] = []
  let rowCount = 0
  Papa.parse<string[]>(text, {
    skipEmptyLines: "greedy",
    step: (result) => {
      if (headers === null) headers = result.data.map((cell) => cell.trim())
      else {
        if (rows.length < PREVIEW_ROWS) rows.push(result.data)
        rowCount++
      }
    },
  })
  const header: readonly string[] = headers ?? []
  if (header.length === 0 || header.every((cell) => cell === "")) return rejected("noHeader")
  if (rowCount === 0) return rejected("noRows")
  return { ok: true, headers: header, rows, rowCount, hadBom }
}
