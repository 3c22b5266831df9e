/**
 * Call recordings kept: stored beside their call record (a WhatsApp call's, or a PBX call's pbx_calls row) when the
 * call ends, listed by call id for Call History and the PBX call records with signed links
 * (callRecordings.recordingsOfCalls, for holders of `BACK:call_recordings`: the caller's business's, or the one a super
 * admin picked), served from `<apiBase>/call-recordings/:id`
 * with byte ranges (an <audio> element reads an Ogg file's end for its duration) under the content type stored with
 * the file (recording-format.ts), and deleted by the `calls.recordings` schedule once their retention ran out. A
 * deleted recording's link answers 404.
 */
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm"
import type { FastifyReply } from "fastify"
import { handle, type HttpRoutes } from "../../core/registry"
import type { Schedule } from "../../core/jobs"
import { signedLinkOf, verify } from "../../core/signed-url"
import type { Config } from "../../config"
import type { Db } from "../../db/db"
import { callRecordings } from "../../db/schema/call-recordings"
import { pbxCalls } from "../../db/schema/calls"
import { businessOf } from "../../http/context"
import { ApiError, idOf, notFound } from "../../http/errors"
import { extensionOf } from "./recording-format"
import type { RecordedCall } from "./recording-track"

/** The signature's kind: a recording's link opens no attachment of the same id, and the other way round. */
const LINK_KIND = "call-recording"
const DAY_MS = 86_400_000

const pathOf = (config: Pick<Config, "apiBase">) => `${config.apiBase}/call-recordings`

export const recordingLinkOf = (config: Pick<Config, "apiBase" | "jwtSecret">, id: number, nowMs = Date.now()) =>
  signedLinkOf(config.jwtSecret, pathOf(config), id, nowMs, LINK_KIND)

interface RecordingFile extends RecordedCall {
  readonly clientId: number
  readonly retentionDays: number
}

/** A recording of a WhatsApp call (its call record's id) or of a PBX call (its pbx_calls row). */
export type NewRecording = RecordingFile & ({ readonly callId: string } | { readonly pbxCallId: number })

/** Stores a finished call's recording (once: a second store of the same call keeps the first). */
export const storeRecording = async (db: Db, recording: NewRecording, now = new Date()) => {
  await db
    .insert(callRecordings)
    .values({
      clientId: recording.clientId,
      callId: "callId" in recording ? recording.callId : null,
      pbxCallId: "pbxCallId" in recording ? recording.pbxCallId : null,
      durationMs: Math.round(recording.durationMs),
      data: recording.file,
      contentType: recording.contentType,
      expiresAt: new Date(now.getTime() + recording.retentionDays * DAY_MS),
    })
    .onConflictDoNothing()
}

/** Recordings whose retention ran out at `now` are deleted, bytes and row. */
export const recordingRetention: Schedule = {
  name: "calls.recordings",
  tick: async (db, now) => {
    const gone = await db.delete(callRecordings).where(lte(callRecordings.expiresAt, now)).returning({ id: callRecordings.id })
    return gone.length
  },
}

export const schedules = [recordingRetention]

export const handlers = [
  handle("callRecordings", "recordingsOfCalls", async (ctx, input) => {
    const clientId = await businessOf(ctx, input.client_id)
    if (input.call_ids.length === 0) return { data: [] }
    const rows = await ctx.db
      .select({
        id: callRecordings.id,
        callId: callRecordings.callId,
        pbxCallId: pbxCalls.callId,
        durationMs: callRecordings.durationMs,
        expiresAt: callRecordings.expiresAt,
      })
      .from(callRecordings)
      .leftJoin(pbxCalls, eq(pbxCalls.id, callRecordings.pbxCallId))
      .where(
        and(
          eq(callRecordings.clientId, clientId),
          or(inArray(callRecordings.callId, [...input.call_ids]), inArray(pbxCalls.callId, [...input.call_ids])),
          gt(callRecordings.expiresAt, sql`now()`),
        ),
      )
    return {
      data: rows.map((row) => ({
        call_id: row.callId ?? row.pbxCallId ?? "",
        url: recordingLinkOf(ctx.services.config, row.id),
        duration_ms: row.durationMs,
        expires_at: row.expiresAt.toISOString(),
      })),
    }
  }),
]

/** `bytes=a-b` of a `size`-byte file: the range asked for, or null for the whole file (no or an unreadable header). */
const rangeOf = (header: string | undefined, size: number) => {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === "" && match[2] === "")) return null
  const start = match[1] === "" ? Math.max(0, size - Number(match[2])) : Number(match[1])
  const end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(size - 1, Number(match[2]))
  return { start, end }
}

interface StoredFile {
  readonly id: number
  readonly bytes: Buffer
  readonly contentType: string
}

const send = (reply: FastifyReply, { id, bytes, contentType }: StoredFile, rangeHeader: string | undefined, exp: number) => {
  const left = Math.max(0, exp - Math.floor(Date.now() / 1000))
  void reply
    .header("content-type", contentType)
    .header("content-disposition", `inline; filename="call-recording-${id}.${extensionOf(contentType)}"`)
    .header("accept-ranges", "bytes")
    .header("cache-control", `private, max-age=${left}`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "sandbox; default-src 'none'")
  const range = rangeOf(rangeHeader, bytes.length)
  if (!range) return reply.header("content-length", bytes.length).send(bytes)
  if (range.start > range.end || range.start >= bytes.length)
    return reply.code(416).header("content-range", `bytes */${bytes.length}`).send()
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${bytes.length}`)
    .header("content-length", range.end - range.start + 1)
    .send(bytes.subarray(range.start, range.end + 1))
}

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    app.get<{ Params: { id: string }; Querystring: { exp?: string; sig?: string } }>(
      `${pathOf(services.config)}/:id`,
      async (req, reply) => {
        const id = idOf(req.params.id, "Recording")
        const verdict = verify(services.config.jwtSecret, id, req.query.exp, req.query.sig, Date.now(), LINK_KIND)
        if (verdict === "forged") throw new ApiError(403, "FORBIDDEN", "This recording link is not valid")
        if (verdict === "expired")
          throw new ApiError(403, "LINK_EXPIRED", "This recording link has expired; reopen Call History for a new one")
        const [row] = await services.database.db
          .select({ data: callRecordings.data, contentType: callRecordings.contentType })
          .from(callRecordings)
          .where(and(eq(callRecordings.id, id), gt(callRecordings.expiresAt, sql`now()`)))
        if (!row) throw notFound("Recording")
        const bytes = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength)
        return send(reply, { id, bytes, contentType: row.contentType }, req.headers.range, Number(req.query.exp))
      },
    )
  },
]
