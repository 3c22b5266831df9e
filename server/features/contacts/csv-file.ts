/**
 * What a CSV upload must be before a row is read: not empty, at most 50 MiB, UTF-8 (a BOM is fine), not UTF-16,
 * not binary. Each refusal is a 4xx that says what to do.
 */
import { CONTACTS_CSV_MAX_BYTES } from "../../../src/contract/schemas/contacts"
import { ApiError, badRequest } from "../../http/errors"

const MiB = 1024 * 1024

export const checkedCsvBytes = (base64: string): Buffer => {
  if (base64.length % 4 !== 0) throw badRequest("data_base64 is not valid base64 (truncated?)", "data_base64")
  const bytes = Buffer.from(base64, "base64")
  if (bytes.length > CONTACTS_CSV_MAX_BYTES)
    throw new ApiError(
      413,
      "PAYLOAD_TOO_LARGE",
      `A CSV may be at most ${CONTACTS_CSV_MAX_BYTES / MiB} MiB; this one is ${(bytes.length / MiB).toFixed(1)} MiB`,
      "data_base64",
    )
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes
  if (body.toString("utf8", 0, Math.min(body.length, 4096)).trim() === "") throw badRequest("The file is empty", "data_base64")
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "The file is UTF-16: save it as CSV UTF-8 and upload it again", "data_base64")
  if (body.subarray(0, 65536).includes(0))
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "This is not a CSV file (it holds binary data)", "data_base64")
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(body)
  } catch {
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "The file is not UTF-8 text: save it as CSV UTF-8 and upload it again", "data_base64")
  }
  return body
}
