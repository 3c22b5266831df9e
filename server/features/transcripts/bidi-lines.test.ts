/** Right-to-left lines for the PDF: wrapped in logical order, each line as runs in visual order for fontkit. */
import { describe, expect, it } from "vitest"
import { layoutParagraph } from "./bidi-lines"

const chars = (s: string) => s.length
const texts = (text: string, width = 1000) =>
  layoutParagraph(text, width, chars).map((l) => ({ rtl: l.rtl, runs: l.runs.map((r) => r.text) }))

describe("bidi lines", () => {
  it("gives an Arabic sentence whole and logical (fontkit shapes and reverses it), aligned right", () => {
    expect(texts("مرحبا، أريد تتبع طلبي")).toEqual([{ rtl: true, runs: ["مرحبا، أريد تتبع طلبي"] }])
  })

  it("keeps numbers and Latin words left to right inside Arabic, mirrors brackets, and puts the end punctuation left", () => {
    expect(texts("طلبي رقم 12345 (عاجل) Ok?")).toEqual([{ rtl: true, runs: ["?", "Ok", " )عاجل( ", "12345", "طلبي رقم "] }])
  })

  it("leaves a left-to-right paragraph in order, an Arabic name inside as its own run (a number after it is Arabic's)", () => {
    expect(texts("Assigned to مريم today")).toEqual([{ rtl: false, runs: ["Assigned to ", "مريم", " today"] }])
    expect(texts("Assigned to مريم 2")).toEqual([{ rtl: false, runs: ["Assigned to ", "2", "مريم "] }])
  })

  it("wraps at spaces in logical order: a right-to-left paragraph's first line holds its first words", () => {
    expect(texts("aa bb cc", 5)).toEqual([
      { rtl: false, runs: ["aa bb"] },
      { rtl: false, runs: ["cc"] },
    ])
    expect(texts("أ ب ج د", 3).map((l) => l.runs.join(""))).toEqual(["أ ب", "ج د"])
  })

  it("cuts a word longer than a line", () => {
    expect(texts("abcdefgh", 3).map((l) => l.runs.join(""))).toEqual(["abc", "def", "gh"])
  })
})
