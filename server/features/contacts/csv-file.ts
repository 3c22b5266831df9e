/**
 * What a CSV upload must be while its bytes stream to the parser: not empty, UTF-8 (a BOM is fine), not UTF-16, not
 * binary. The size limit is the upload's (server/http/upload.ts). Each refusal is a 4xx that says what to do; one
 * found past the first rows still imports nothing (the call's transaction rolls back).
 */
import { Transform } from "node:stream"
import { ApiError, badRequest } from "../../http/errors"

const BINARY_WINDOW = 65536

const notCsv = (message: string) => new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", message, "file")

/** Passes the bytes through unchanged, counting them into `onBytes`, and fails the stream on the first sign of a bad file. */
export const checkedCsv = (total: number, onBytes: (done: number) => void): Transform => {
  if (total === 0) throw badRequest("The file is empty", "file")
  const utf8 = new TextDecoder("utf-8", { fatal: true })
  let done = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      const at = done
      done += chunk.length
      onBytes(done)
      if (at === 0 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)))
        return next(notCsv("The file is UTF-16: save it as CSV UTF-8 and upload it again"))
      if (at < BINARY_WINDOW && chunk.subarray(0, BINARY_WINDOW - at).includes(0))
        return next(notCsv("This is not a CSV file (it holds binary data)"))
      try {
        utf8.decode(chunk, { stream: true })
      } catch {
        return next(notCsv("The file is not UTF-8 text: save it as CSV UTF-8 and upload it again"))
      }
      next(null, chunk)
    },
    flush(next) {
      try {
        utf8.decode()
        next()
      } catch {
        next(notCsv("The file is not UTF-8 text (it ends inside a character): save it as CSV UTF-8 and upload it again"))
      }
    },
  })
}
