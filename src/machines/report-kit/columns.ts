/**
 * A report's columns, said once: the key the screen's header is worded by (`reportKit.columns.<key>`), the English
 * header of the CSV, what kind of value it holds and how to read it from a row. The table and the export both follow
 * this list, so a column cannot be on screen and missing from the file.
 */
import { type CsvValue, csvLine, csvNumeral } from "../../contract/csv"
import { formatDateTime, formatDuration } from "./format"

/**
 * text and number as they are; `date` an instant (`DD-MM-YYYY hh:mm a`); `day` a `YYYY-MM-DD` bucket; `duration`
 * seconds; `percent` 0–100; `money` an amount with two decimals; `flag` 1 or 0 (yes or no);
 * `weekday` 0 (Sunday) to 6; `hour` 0 to 23; `channel` a channel's code; `status` a conversation's status code; `phone` a number read left to right.
 */
export type CellKind =
  | "text"
  | "number"
  | "date"
  | "day"
  | "duration"
  | "percent"
  | "money"
  | "flag"
  | "weekday"
  | "hour"
  | "channel"
  | "status"
  | "phone"

export interface Column<Row> {
  readonly key: string
  readonly header: string
  readonly kind: CellKind
  readonly value: (row: Row) => string | number | null
}

export const column = <Row>(key: string, header: string, kind: CellKind, value: (row: Row) => string | number | null): Column<Row> => ({
  key,
  header,
  kind,
  value,
})

/** `YYYY-MM-DD` as `DD-MM-YYYY`. */
export const dayText = (day: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day)
  return m ? `${m[3]}-${m[2]}-${m[1]}` : day
}

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const

/** An hour of the day as `HH:00`. */
export const hourText = (hour: number): string => `${String(hour).padStart(2, "0")}:00`

const round1 = (n: number) => Math.round(n * 10) / 10

/** A number column's value as a number when its text is the number's own numeral (`-12.5`); any other text stays text. */
const numberOf = (value: string | number): string | number =>
  typeof value === "number" || String(Number(value)) !== value ? value : Number(value)

/** A value as the CSV writes it (English, no grouping); numbers and amounts stay numbers, a negative one too. */
export const fileText = (kind: CellKind, value: string | number | null): CsvValue => {
  if (value === null || value === "") return ""
  switch (kind) {
    case "number":
      return numberOf(value)
    case "date":
      return formatDateTime(value)
    case "day":
      return dayText(String(value))
    case "duration":
      return formatDuration(Number(value))
    case "percent":
      return `${round1(Number(value))}%`
    case "money":
      return csvNumeral(Number(value), 2)
    case "flag":
      return value ? "yes" : "no"
    case "weekday":
      return WEEKDAYS[Number(value)] ?? String(value)
    case "hour":
      return hourText(Number(value))
    default:
      return String(value)
  }
}

export const csvHeaderOf = <Row>(columns: readonly Column<Row>[]): string => csvLine(columns.map((c) => c.header))

/** One row as a CSV line; throws on a value that is not a row (a streamed export checks each one it reads). */
export const csvLineOf =
  <Row>(columns: readonly Column<Row>[], isRow: (value: unknown) => value is Row) =>
  (value: unknown): string => {
    if (!isRow(value)) throw new Error(`not a report row: ${JSON.stringify(value).slice(0, 200)}`)
    return csvLine(columns.map((c) => fileText(c.kind, c.value(value))))
  }
