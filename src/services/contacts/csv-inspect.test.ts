/** What the import wizard says about a picked file before anything is sent. */
import { describe, expect, it } from "vitest"
import { inspectCsv } from "./csv-inspect"

const utf8 = (text: string) => new TextEncoder().encode(text)

describe("inspectCsv", () => {
  it("reads the header, the first rows and the row count (a UTF-8 BOM is fine, blank lines skipped)", () => {
    const rows = Array.from({ length: 12 }, (_, i) => `+90555000${String(i).padStart(4, "0")},Name ${i},"Izmir, TR"`)
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(`Phone,Name,City\n${rows.join("\n")}\n\n`)])
    const answer = inspectCsv(bytes, "list.csv", "text/csv")
    expect(answer).toMatchObject({ ok: true, headers: ["Phone", "Name", "City"], rowCount: 12, hadBom: true })
    expect(answer.ok && answer.rows[0]).toEqual(["+905550000000", "Name 0", "Izmir, TR"])
    expect(answer.ok && answer.rows.length).toBe(5)
  })

  it.each([
    ["empty", new Uint8Array(), "a.csv", "text/csv"],
    ["empty", utf8(" \n \n"), "a.csv", "text/csv"],
    ["notCsv", utf8("number\n1\n"), "a.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["notCsv", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0x14, 0x00]), "zip.csv", "text/csv"],
    ["utf16", new Uint8Array([0xff, 0xfe, 0x6e, 0, 0x75, 0]), "a.csv", "text/csv"],
    ["utf16", new Uint8Array([0x6e, 0, 0x75, 0, 0x6d, 0, 0x0a, 0]), "a.csv", "text/csv"],
    ["encoding", new Uint8Array([...utf8("number,name\n+905550000001,"), 0xc7, 0x61, 0x6c, 0xfd, 0x6b]), "a.csv", "text/csv"],
    ["noRows", utf8("number,name\n"), "a.csv", "text/csv"],
  ])("refuses a bad file: %s", (problem, bytes, name, type) => {
    expect(inspectCsv(bytes, name, type)).toEqual({ ok: false, problem })
  })

  it("refuses more than 50 MB", () => {
    expect(inspectCsv(new Uint8Array(50 * 1024 * 1024 + 1), "big.csv", "text/csv")).toEqual({ ok: false, problem: "tooLarge" })
  })
})
