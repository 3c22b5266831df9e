/**
 * The incremental reader of the call-history export: the same rows as JSON.parse whatever the pieces are cut at
 * (every single-character split, random splits, one character at a time), any key order and whitespace, escapes
 * that look like structure, and malformed or unfinished documents refused.
 */
import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { arrayStreamParser, JsonStreamError } from "./json-array-stream"

const PATH = ["whatsappCalls", "whatsappCalls"] as const

const read = (pieces: readonly string[], path: readonly string[] = PATH) => {
  const rows: unknown[] = []
  let batches = 0
  const parser = arrayStreamParser(path, (items) => {
    batches++
    rows.push(...items)
  })
  for (const piece of pieces) parser.push(piece)
  return { rows, batches, ...parser.end() }
}

const tricky = [
  {
    call_id: "wacid.1",
    name: 'say "}]," ok',
    number: "+90",
    message: { message_type: "text", message_body: 'back\\slash\\\\"x' },
  },
  { call_id: "wacid.2", name: null, number: "[{", message: null, n: -1.5e-3, ok: true, none: null },
  { call_id: "ü ☎ 😀", name: "\u0000\n\t", nested: [[], {}, [{ a: ["]"] }]] },
]
const body = JSON.stringify({ whatsappCalls: { whatsappCalls: tricky, totalItems: 3 } })

describe("arrayStreamParser", () => {
  it("reads the rows and the scalars beside them in one piece", () => {
    const result = read([body])
    expect(result.rows).toEqual(tricky)
    expect(result.items).toBe(3)
    expect(result.found).toBe(true)
    expect(result.scalars["whatsappCalls.totalItems"]).toBe(3)
  })

  it("gives the same rows for every split point and one character at a time", () => {
    for (let cut = 0; cut <= body.length; cut++) expect(read([body.slice(0, cut), body.slice(cut)]).rows).toEqual(tricky)
    const single = read([...body])
    expect(single.rows).toEqual(tricky)
    expect(single.scalars["whatsappCalls.totalItems"]).toBe(3)
  })

  it("follows any key order and whitespace, skips other arrays and objects", () => {
    const text = ` {\n "meta" : { "rows" : [ {"whatsappCalls": 1} , [ ] ] , "s":"x" } ,\n "whatsappCalls" : { "totalItems" : 12 ,\r\n "whatsappCalls" : [ 1 , "two" , {"three":3} , [4] , null , false ] } } `
    const result = read([...text])
    expect(result.rows).toEqual([1, "two", { three: 3 }, [4], null, false])
    expect(result.scalars).toMatchObject({ "whatsappCalls.totalItems": 12, "meta.s": "x" })
  })

  it("an empty array, and a body without the array", () => {
    expect(read(['{"whatsappCalls":{"whatsappCalls":[],"totalItems":0}}'])).toMatchObject({
      rows: [],
      items: 0,
      found: true,
    })
    expect(read(['{"error":{"code":"X"}}'])).toMatchObject({ found: false, scalars: { "error.code": "X" } })
  })

  it("delivers rows as they complete, not at the end", () => {
    const seen: number[] = []
    const parser = arrayStreamParser(PATH, (items) => seen.push(items.length))
    parser.push('{"whatsappCalls":{"whatsappCalls":[{"a":1},{"a":2},{"a"')
    expect(seen).toEqual([2])
    parser.push(":3}]")
    expect(seen).toEqual([2, 1])
    parser.push(',"totalItems":3}}')
    expect(parser.end().items).toBe(3)
  })

  it("refuses malformed and unfinished documents", () => {
    expect(() => read(['{"whatsappCalls":{"whatsappCalls":[{"a":1}{"a":2}]}}'])).toThrow(JsonStreamError)
    expect(() => read(['{"whatsappCalls":{"whatsappCalls":[{"a":nope}]}}'])).toThrow(JsonStreamError)
    expect(() => read(['{"whatsappCalls":{"whatsappCalls":[{"a":1}'])).toThrow(/ended early/)
    expect(() => read(['{"whatsappCalls":{"totalItems":1}'])).toThrow(/ended early/)
    expect(() => read(['{"a":1}}'])).toThrow(JsonStreamError)
    expect(() => read(['{"a":1} {"b":2}'])).toThrow(/after the document/)
  })

  it("matches JSON.parse on random documents cut at random places (property)", () => {
    const row = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })
    fc.assert(
      fc.property(fc.array(row, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), (rows, cuts) => {
        const text = JSON.stringify({ whatsappCalls: { totalItems: rows.length, whatsappCalls: rows } }, null, cuts.length % 2 ? 1 : 0)
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
        const bounds = [0, ...points, text.length]
        const pieces = bounds.slice(1).map((end, i) => text.slice(bounds[i], end))
        expect(pieces.join("")).toBe(text)
        const result = read(pieces)
        expect(result.rows).toEqual(JSON.parse(JSON.stringify(rows)))
      }),
      { numRuns: 300 },
    )
  })
})
