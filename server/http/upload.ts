/**
 * The body of an upload call (CallDef.upload): the file's raw bytes, never parsed into memory. The route's parser
 * hands Fastify the request stream as is; `spoolUpload` copies it to a temporary file (refusing a wrong content type
 * or more than `maxBytes`, by Content-Length up front and by count while streaming) before the call's transaction
 * starts, so a slow or broken upload never holds the database and a request that fails midway imports nothing. The
 * handler reads the file as a stream (`Ctx.upload`); the file is removed when the call ends.
 */
import { createReadStream, createWriteStream } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable, Transform } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { CallDef, Upload } from "../../src/contract/call"
import { ApiError } from "./errors"

/** An upload call's file, received in full: its size and a fresh stream over its bytes. */
export interface UploadedFile {
  readonly bytes: number
  readonly open: () => Readable
}

const MiB = 1024 * 1024
const tooLarge = (upload: Upload, bytes: number | null) =>
  new ApiError(
    413,
    "PAYLOAD_TOO_LARGE",
    `A file may be at most ${upload.maxBytes / MiB} MiB${bytes === null ? "" : `; this one is ${(bytes / MiB).toFixed(1)} MiB`}`,
    "file",
  )

/** Lets every upload call's content type through unread (the request stream becomes `req.body`). */
export const registerUploadParsers = (app: FastifyInstance, calls: readonly CallDef[]) => {
  const types = new Set(calls.flatMap((call) => (call.upload ? [call.upload.contentType] : [])))
  for (const type of types) app.addContentTypeParser(type, (_req, payload, done) => done(null, payload))
}

/** Receives an upload call's body into a temporary file and runs `use` with it; the file is gone afterwards. */
export const withUpload = async <A>(upload: Upload, req: FastifyRequest, use: (file: UploadedFile) => Promise<A>): Promise<A> => {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase()
  if (type !== upload.contentType)
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", `Send the file itself as the body, with Content-Type ${upload.contentType}`, "file")
  const declared = Number(req.headers["content-length"] ?? Number.NaN)
  if (declared > upload.maxBytes) throw tooLarge(upload, declared)
  const folder = await mkdtemp(join(tmpdir(), "upload-"))
  try {
    const path = join(folder, "body")
    let bytes = 0
    const body = req.body as Readable | undefined
    if (body) {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          bytes += chunk.length
          next(bytes > upload.maxBytes ? tooLarge(upload, null) : null, chunk)
        },
      })
      await pipeline(body, counted, createWriteStream(path)).catch((error: unknown) => {
        if (error instanceof ApiError) throw error
        throw new ApiError(400, "UPLOAD_INTERRUPTED", "The upload stopped before the whole file arrived: nothing was imported", "file")
      })
    } else await pipeline(Readable.from([]), createWriteStream(path))
    return await use({ bytes, open: () => createReadStream(path, { highWaterMark: 256 * 1024 }) })
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
