/**
 * The JSON body parser of every call: an empty body is an empty payload, not an error; a body nested deeper than
 * MAX_JSON_DEPTH (objects and arrays) answers 400 JSON_TOO_DEEP before it is parsed, so no later step (validation,
 * storage, the answer) recurses through thousands of levels. The depth is counted in one pass over the text, strings
 * skipped with `indexOf`, so a large upload's base64 costs little.
 */
import type { FastifyInstance } from "fastify"
import { ApiError } from "./errors"

/** The deepest nesting a request body may have; the console's deepest payloads (chatbot flows) stay far below it. */
export const MAX_JSON_DEPTH = 64

const QUOTE = 34
const BACKSLASH = 92

/** The end of the string whose opening quote is at `start` (the index of its closing quote, or the text's length). */
const stringEnd = (text: string, start: number): number => {
  let at = start
  for (;;) {
    at = text.indexOf('"', at + 1)
    if (at < 0) return text.length
    let slashes = 0
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++
    if (slashes % 2 === 0) return at
  }
}

/** Whether objects and arrays in `text` nest deeper than `max`. */
export const nestsDeeperThan = (text: string, max: number): boolean => {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) i = stringEnd(text, i)
    else if (c === 123 || c === 91) {
      depth++
      if (depth > max) return true
    } else if (c === 125 || c === 93) depth--
  }
  return false
}

export const registerJsonBody = (app: FastifyInstance) => {
  const json = app.getDefaultJsonParser("error", "error")
  app.removeContentTypeParser("application/json")
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "" || body === undefined) return done(null, undefined)
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH))
      return done(new ApiError(400, "JSON_TOO_DEEP", `The request nests deeper than ${MAX_JSON_DEPTH} levels`), undefined)
    json(req, body as string, done)
  })
}
