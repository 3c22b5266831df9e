/**
 * The CSV writer for the server's exports: the contract's one writer (src/contract/csv.ts), shared with the console so
 * both sides escape spreadsheet formulas by the same rule. `writeCsv(header, rows)` makes a whole file; `csvLine`
 * one streamed line; `csvNumeral` an amount that stays a number.
 */
export { csvCell, csvFile as writeCsv, csvLine, csvNumeral, type CsvValue } from "../../src/contract/csv"
