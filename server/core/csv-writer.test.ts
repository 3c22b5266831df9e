/**
 * The one CSV writer against OWASP's CSV-injection rule, over random cells: no cell of the file, read back by the
 * server's parser (csv-parse) or the console's (papaparse), begins with = + - @ tab or carriage return, and each reads
 * back as the value written, with only the single quote added in front of a text cell the rule names. A number stays
 * its numeral, a negative one included.
 */
import fc from "fast-check"
import { parse } from "csv-parse/sync"
import Papa from "papaparse"
import { describe, expect, it } from "vitest"
import { csvCell, csvLine, csvNumeral, writeCsv, type CsvValue } from "./csv-writer"

const FORMULA_START = /^[=+\-@\t\r]/
const HEADER = ["name", "note", "amount"]

/** Text weighted toward what matters: formula starts, quotes, separators and line breaks anywhere. */
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc
    .tuple(fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", '"', ",", "'", " ", "-1", "+90"), fc.string({ maxLength: 10 }))
    .map(([a, b]) => a + b),
)
const row = fc.tuple(text, text, fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()))

const readBack = (file: string) => ({
  csvParse: parse(file, { relax_column_count: false }) as string[][],
  papaparse: Papa.parse<string[]>(file, { newline: "\r\n", skipEmptyLines: false }).data.slice(0, -1),
})

const expected = (value: string | number) => (typeof value === "number" ? String(value) : FORMULA_START.test(value) ? `'${value}` : value)

describe("writeCsv", () => {
  it("escapes every formula start and reads back as written, with only the quote prefix added", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const file = writeCsv(HEADER, rows)
        const want = [HEADER, ...rows.map((r) => r.map(expected))]
        for (const [parser, cells] of Object.entries(readBack(file))) {
          expect({ parser, cells }).toEqual({ parser, cells: want })
          for (const [i, line] of cells.slice(1).entries())
            for (const [j, cell] of line.entries())
              if (typeof rows[i][j] === "string") expect(FORMULA_START.test(cell), `${parser} ${JSON.stringify(cell)}`).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })

  it("decides the -<digit> case by type: text is escaped, a number or an amount stays a number", () => {
    const cells: CsvValue[] = ["-12.50", -12.5, csvNumeral(-12.5, 2), "-2+3+cmd|' /C calc'!A0", "+905551112233", 0, null, true]
    expect(csvLine(cells)).toBe(`"'-12.50",-12.5,-12.50,"'-2+3+cmd|' /C calc'!A0","'+905551112233",0,,true`)
    expect(csvCell("\t=1")).toBe(`"'\t=1"`)
    expect(csvCell("\r=1")).toBe(`"'\r=1"`)
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell("a-1")).toBe("a-1")
  })
})
