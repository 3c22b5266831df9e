/** The CSV import kit's pure parts: every line of the file accounted for, and the text of a file read as base64. */
import { describe, expect, it } from "vitest"
import { importLinesOf, LISTED_LINES, textOfBase64 } from "./csv-import"

describe("csv import lines", () => {
  it("lists every data line, accepted or refused with the server's reason", () => {
    const lines = importLinesOf({ inserted: 2, updated: 1, skipped: 1, errors: [{ line: 4, message: "No active city" }] })
    expect(lines).toEqual([
      { line: 2, error: null },
      { line: 3, error: null },
      { line: 4, error: "No active city" },
      { line: 5, error: null },
    ])
  })

  it("lists only the refused lines of a large file", () => {
    const lines = importLinesOf({ inserted: LISTED_LINES, updated: 0, skipped: 1, errors: [{ line: 7, message: "Empty line" }] })
    expect(lines).toEqual([{ line: 7, error: "Empty line" }])
  })

  it("reads UTF-8 text from base64", () => {
    expect(textOfBase64(Buffer.from("name,city\nKadıköy,İstanbul", "utf8").toString("base64"))).toBe("name,city\nKadıköy,İstanbul")
  })
})
