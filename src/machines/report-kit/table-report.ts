/**
 * A report configured from its columns: the paged-report machine's config (report-machine.ts) for a screen that
 * shows a table, and whose export streams the same columns as CSV (services/report-kit/csv-export). Paged calls page
 * on the server; a call that answers the whole list (a day series, 24 hours, the templates) is paged here.
 */
import { Effect } from "effect"
import type { CsvExport } from "../../services/report-kit/csv-export"
import type { AppServices } from "../common/from-effect"
import { type Column, csvHeaderOf, csvLineOf } from "./columns"
import { utcDay } from "./format"
import type { FilterProblem, ReportConfig, ReportPage, ReportQuery } from "./report-machine"

/** What a streamed export needs from the report besides its call: the header, the line maker and the file type. */
export interface CsvLines {
  readonly header: string
  readonly lineOf: (row: unknown) => string
  readonly mime: string
}

export interface TableReportSpec<Row, F, Meta> {
  readonly name: string
  readonly columns: readonly Column<Row>[]
  /** Checks each row the export reads (the contract's row schema, `Schema.is`). */
  readonly isRow: (value: unknown) => value is Row
  readonly defaultFilters: () => F
  readonly check?: (draft: F) => FilterProblem | null
  readonly load: (query: ReportQuery<F>) => Effect.Effect<ReportPage<Row, Meta>, unknown, AppServices>
  /** The export's call, streamed: `streamCsvExport({ group, name, payload, rowsAt, ...csv })`. */
  readonly stream: (query: ReportQuery<F>, csv: CsvLines) => Effect.Effect<CsvExport, unknown, AppServices>
  /** The file's name without the export day and `.csv`, e.g. `chat_report_2026-01-01_to_2026-01-31`. */
  readonly fileStem: (filters: F) => string
  readonly now?: () => Date
}

export const CSV_MIME = "text/csv;charset=utf-8"

/** Exports ask for every row on one page, as Call History does (spec 000 section 9). */
export const EXPORT_ALL = 999_999

/** `<stem>_<export day>.csv`. */
export const csvFilename = (stem: string, now: Date): string => `${stem}_${utcDay(now)}.csv`

export const tableReport = <Row, F, Meta = undefined>(spec: TableReportSpec<Row, F, Meta>): ReportConfig<Row, F, Meta> => {
  const csv: CsvLines = { header: csvHeaderOf(spec.columns), lineOf: csvLineOf(spec.columns, spec.isRow), mime: CSV_MIME }
  const now = spec.now ?? (() => new Date())
  return {
    name: spec.name,
    pageBase: 0,
    defaultFilters: spec.defaultFilters,
    ...(spec.check ? { check: spec.check } : {}),
    load: spec.load,
    exportFile: (query) =>
      spec
        .stream(query, csv)
        .pipe(
          Effect.map((file) =>
            file.rows === 0 ? null : { filename: csvFilename(spec.fileStem(query.filters), now()), content: file.content, mime: CSV_MIME },
          ),
        ),
  }
}

/** One page of a whole list (pages from 0), for calls that answer every row at once. */
export const localPage = <Row, Meta>(rows: readonly Row[], query: ReportQuery<unknown>, meta?: Meta): ReportPage<Row, Meta> => ({
  rows: rows.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize),
  total: rows.length,
  ...(meta === undefined ? {} : { meta }),
})
