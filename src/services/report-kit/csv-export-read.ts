/**
 * The read half of a CSV export (see csv-export.ts): the request, the incremental parse and the blob parts. Loaded
 * only when an export starts, so the parser stays out of the login bundle that the paged lists' machines share.
 */
import { arrayStreamParser, type ArrayStreamResult } from "./json-array-stream"

/** Lines are joined and moved into the blob store in parts of about this many characters. */
export const PART_CHARS = 1 << 20

/** Collects CSV lines into Blob parts as they come. */
export const blobSink = (header: string) => {
  const parts: Blob[] = []
  let lines: string[] = [header]
  let size = header.length
  const flush = () => {
    if (lines.length === 0) return
    lines.push("")
    parts.push(new Blob([lines.join("\r\n")]))
    lines = []
    size = 0
  }
  return {
    line: (text: string) => {
      lines.push(text)
      size += text.length + 2
      if (size >= PART_CHARS) flush()
    },
    blob: (mime: string): Blob => {
      flush()
      return new Blob(parts, { type: mime })
    },
  }
}

export class ParseFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The request and the read loop as one plain async function, not an Effect Stream: in the browser Effect's
 * scheduler resumes a fiber with setTimeout(0), which the browser clamps to 4 ms once nested, and a 430 MiB body
 * arrives in thousands of pieces, so each piece would wait 4 ms (measured: the export took twice the server's
 * time, the page idle most of it). Interruption still aborts the fetch through the signal.
 */
export const readExport = async (
  url: string,
  init: RequestInit,
  spec: { readonly rowsAt: readonly string[]; readonly lineOf: (row: unknown) => string },
  sink: ReturnType<typeof blobSink>,
): Promise<{ status: number; text: string } | { result: ArrayStreamResult }> => {
  const response = await fetch(url, init)
  if (response.status < 200 || response.status >= 300 || !response.body) return { status: response.status, text: await response.text() }
  const parser = arrayStreamParser(spec.rowsAt, (rows) => {
    for (const row of rows) sink.line(spec.lineOf(row))
  })
  const decoder = new TextDecoder()
  const reader = response.body.getReader()
  const parse = (run: () => void) => {
    try {
      run()
    } catch (error) {
      void reader.cancel().catch(() => undefined)
      throw new ParseFailure(response.status, error instanceof Error ? error.message : String(error))
    }
  }
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parse(() => parser.push(decoder.decode(value, { stream: true })))
  }
  let result: ArrayStreamResult | null = null
  parse(() => {
    parser.push(decoder.decode())
    result = parser.end()
  })
  return { result: result! }
}
