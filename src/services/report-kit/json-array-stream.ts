/**
 * An incremental JSON reader for one array inside a large response (the call-history export is ~430 MiB of
 * `{ whatsappCalls: { whatsappCalls: [ {...}, ... ], totalItems } }`): text goes in piece by piece, the array's
 * elements come out in batches as soon as they are complete, and nothing but the unfinished tail is kept.
 *
 * Why not a char-by-char JSON parser in JS: V8's JSON.parse is several times faster than any hand parser. So this
 * only finds element boundaries (depth counting, strings skipped with indexOf) and hands every run of complete
 * elements to one `JSON.parse("[...]")`. Outside the array (a few dozen bytes) a small tokenizer follows the
 * structure, so key order and whitespace are free, and scalar values on the way are kept (e.g. `totalItems`).
 */

export interface ArrayStreamResult {
  /** Elements delivered. */
  readonly items: number
  /** Scalars met outside the array, by dotted path (`whatsappCalls.totalItems`). */
  readonly scalars: Readonly<Record<string, unknown>>
  /** Whether the array at the path was found at all. */
  readonly found: boolean
}

export interface ArrayStreamParser {
  /** Feeds the next piece of text; complete elements go to `onItems` before it returns. Throws on malformed JSON. */
  readonly push: (text: string) => void
  /** The text is over: throws if the document is incomplete. */
  readonly end: () => ArrayStreamResult
}

export class JsonStreamError extends Error {
  readonly _tag = "JsonStreamError"
}

interface Frame {
  readonly kind: "object" | "array"
  key: string | null
  /** In an object: the next string is a key. */
  expectKey: boolean
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** Index of the quote closing the string that opens at `start` (a quote), or -1 when it is not in `text` yet. */
const stringEnd = (text: string, start: number): number => {
  let j = text.indexOf('"', start + 1)
  while (j !== -1) {
    let slashes = 0
    for (let k = j - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++
    if ((slashes & 1) === 0) return j
    j = text.indexOf('"', j + 1)
  }
  return -1
}

/**
 * Reads the array at `path` (object keys from the root), calling `onItems` with each batch of parsed elements.
 */
export const arrayStreamParser = (path: readonly string[], onItems: (items: unknown[]) => void): ArrayStreamParser => {
  let buf = ""
  let pos = 0
  const stack: Frame[] = []
  let inArray = false
  let found = false
  let done = false
  let items = 0
  const scalars: Record<string, unknown> = {}

  const fail = (message: string): never => {
    throw new JsonStreamError(`${message} at ${JSON.stringify(buf.slice(pos, pos + 40))}`)
  }
  const atPath = () => stack.length === path.length && stack.every((f, i) => f.kind === "object" && f.key === path[i])
  const pathText = () => stack.map((f) => (f.kind === "object" ? f.key : "[]")).join(".")
  /** A value finished at this level: the enclosing object now waits for `,` or `}`. */
  const valueDone = () => {
    if (stack.length === 0) done = true
  }

  /**
   * The fast way through the array: cut after the last `}` of the text and let JSON.parse judge. If `[` + cut + `]`
   * parses, the cut is exactly a run of whole elements (a cut inside a string or a nested value leaves something
   * open, which JSON.parse refuses), so nothing had to be scanned. Returns false when that does not apply (the array
   * ends in this text, the tail of the text is not an object, the cut falls between nested closings): then readArray
   * scans. Costs one JSON.parse per piece of text; the scan doubled the time of the 999,999-row export's parsing.
   */
  const readArrayFast = (): boolean => {
    let start = pos
    while (start < buf.length && (isSpace(buf.charCodeAt(start)) || buf.charCodeAt(start) === COMMA)) start++
    if (start >= buf.length || buf.charCodeAt(start) !== OPEN_BRACE) return false
    const cut = buf.lastIndexOf("}")
    if (cut <= start) return false
    let batch: unknown[]
    try {
      batch = JSON.parse(`[${buf.slice(start, cut + 1)}]`) as unknown[]
    } catch {
      return false
    }
    items += batch.length
    pos = cut + 1
    onItems(batch)
    return true
  }

  /** Inside the array: deliver every complete element; returns false when the rest needs more text. */
  const readArray = (): boolean => {
    let i = pos
    let first = -1
    let last = -1
    const n = buf.length
    for (;;) {
      while (i < n && (isSpace(buf.charCodeAt(i)) || buf.charCodeAt(i) === COMMA)) i++
      if (i >= n) break
      const c = buf.charCodeAt(i)
      if (c === CLOSE_BRACKET) {
        if (first !== -1) deliver(first, last)
        pos = i + 1
        inArray = false
        stack.pop()
        valueDone()
        return true
      }
      // One element: an object or array by depth, a string, or a scalar up to the next `,` or `]`.
      const start = i
      let end = -1
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        let depth = 0
        while (i < n) {
          const d = buf.charCodeAt(i)
          if (d === QUOTE) {
            const close = stringEnd(buf, i)
            if (close === -1) break
            i = close + 1
            continue
          }
          if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++
          else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
            depth--
            if (depth === 0) {
              end = i + 1
              break
            }
          }
          i++
        }
      } else if (c === QUOTE) {
        const close = stringEnd(buf, i)
        if (close !== -1) end = close + 1
      } else {
        while (i < n && buf.charCodeAt(i) !== COMMA && buf.charCodeAt(i) !== CLOSE_BRACKET) i++
        if (i < n) end = i
      }
      if (end === -1) {
        // Incomplete: keep it from its start for the next piece.
        if (first !== -1) deliver(first, last)
        pos = start
        return false
      }
      if (first === -1) first = start
      last = end
      i = end
    }
    if (first !== -1) deliver(first, last)
    pos = n
    return false
  }

  const deliver = (from: number, to: number) => {
    let batch: unknown[]
    try {
      batch = JSON.parse(`[${buf.slice(from, to)}]`) as unknown[]
    } catch (error) {
      return fail(`malformed element (${(error as Error).message})`)
    }
    items += batch.length
    onItems(batch)
  }

  /** Outside the array: one token; returns false when the token is not complete in the text yet. */
  const readToken = (): boolean => {
    const n = buf.length
    while (pos < n && isSpace(buf.charCodeAt(pos))) pos++
    if (pos >= n) return false
    if (done) fail("text after the document")
    const c = buf.charCodeAt(pos)
    const top = stack[stack.length - 1]
    switch (c) {
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (top?.kind === "object" && top.expectKey) fail("a key expected")
        if (c === OPEN_BRACKET && atPath()) {
          found = true
          inArray = true
          stack.push({ kind: "array", key: null, expectKey: false })
        } else stack.push({ kind: c === OPEN_BRACE ? "object" : "array", key: null, expectKey: c === OPEN_BRACE })
        pos++
        return true
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (!top || (top.kind === "object") !== (c === CLOSE_BRACE)) fail("unbalanced bracket")
        stack.pop()
        pos++
        valueDone()
        return true
      case COMMA:
        if (!top) fail("a comma outside any value")
        if (top.kind === "object") top.expectKey = true
        pos++
        return true
      case COLON:
        if (top?.kind !== "object" || top.key === null) fail("a colon out of place")
        pos++
        return true
      case QUOTE: {
        const close = stringEnd(buf, pos)
        if (close === -1) return false
        const text = JSON.parse(buf.slice(pos, close + 1)) as string
        pos = close + 1
        if (top?.kind === "object" && top.expectKey) {
          top.key = text
          top.expectKey = false
        } else {
          scalars[pathText()] = text
          valueDone()
        }
        return true
      }
      default: {
        let i = pos
        while (i < n) {
          const d = buf.charCodeAt(i)
          if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isSpace(d)) break
          i++
        }
        // A number at the very end of the text may go on in the next piece.
        if (i >= n) return false
        let value: unknown
        try {
          value = JSON.parse(buf.slice(pos, i))
        } catch {
          return fail("a bad literal")
        }
        if (top?.kind === "object" && top.expectKey) fail("a key expected")
        scalars[pathText()] = value
        pos = i
        valueDone()
        return true
      }
    }
  }

  return {
    push: (text) => {
      buf = pos < buf.length ? buf.slice(pos) + text : text
      pos = 0
      for (;;) {
        if (inArray && readArrayFast()) break
        if (inArray ? !readArray() : !readToken()) break
      }
    },
    end: () => {
      // A lone trailing number (`{"a":1` has no end anyway) is the only token that waits for more: flush it.
      if (!inArray && pos < buf.length && buf.slice(pos).trim() !== "") {
        buf += " "
        while (readToken()) {
          /* drain */
        }
      }
      if (inArray || !done || stack.length > 0) throw new JsonStreamError("the document ended early")
      return { items, scalars, found }
    },
  }
}
