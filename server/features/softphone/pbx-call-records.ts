/**
 * PBX call records from Kamailio's side: its config notes each call in the `calls` table (start, answer, end with
 * the final SIP status; server/sip/kamailio.cfg.tpl), and this server reads the finished ones over JSON-RPC every 2 s,
 * writes them to pbx_calls under the caller's tenant (an inbound call: the tenant of the number called) and removes
 * them from Kamailio. A browser that closes changes nothing; a record written twice is one row (call id unique).
 * With rtpengine running, each round also hands the answered calls to the recorder (pbx-recording.ts), and each
 * finished one once its row is written.
 */
import { sql } from "drizzle-orm"
import { KamailioRpcError, kamailioRpc, type KamailioRpc } from "../../sip/kamailio-rpc"
import type { HttpRoutes } from "../../core/registry"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { type AnsweredCall, type PbxRecorder, pbxRecorder } from "./pbx-recording"

const TABLE = "calls"
const ROUND_MS = 2_000

type Direction = "internal" | "outbound" | "inbound"
type Outcome = "answered" | "busy" | "no_answer" | "failed" | "cancelled"

/** One finished call as Kamailio noted it. */
export interface NotedCall {
  readonly callId: string
  readonly startedAt: Date
  readonly caller: string
  readonly dialled: string
  readonly direction: Direction
  /** Set for inbound calls: the tenant whose number was called. */
  readonly tenant: number | null
  readonly answeredAt: Date | null
  /** The extension whose phone answered (its Contact's user). */
  readonly answeredBy: string | null
  readonly endedAt: Date
  readonly code: number
}

/** How a call ended, for the people who made it. */
export const outcomeOf = (answered: boolean, code: number): Outcome => {
  if (answered) return "answered"
  if (code === 487) return "cancelled"
  if (code === 486 || code === 600 || code === 603) return "busy"
  if (code === 480 || code === 408) return "no_answer"
  return "failed"
}

const instant = (text: string | undefined): Date | null => {
  const seconds = Number(text)
  return text && Number.isFinite(seconds) && seconds > 0 ? new Date(Math.round(seconds * 1000)) : null
}

/** Every name/value pair in an `htable.dump` answer, whatever its nesting. */
const itemsOf = (node: unknown, into: Map<string, string> = new Map()): Map<string, string> => {
  if (Array.isArray(node)) for (const child of node) itemsOf(child, into)
  else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>
    if (typeof record.name === "string" && record.value !== undefined) into.set(record.name, String(record.value))
    else for (const child of Object.values(record)) itemsOf(child, into)
  }
  return into
}

/** The calls in Kamailio's table, each with its parts ("start", "answer", "end", "tag") by name. */
const callsOf = (dump: unknown) => {
  const byCall = new Map<string, Map<string, string>>()
  for (const [name, value] of itemsOf(dump)) {
    const at = name.lastIndexOf("::")
    if (at <= 0) continue
    const callId = name.slice(0, at)
    const parts = byCall.get(callId) ?? new Map<string, string>()
    parts.set(name.slice(at + 2), value)
    byCall.set(callId, parts)
  }
  return byCall
}

/** The finished calls in Kamailio's table (those with an end), and every key each one holds. */
export const finishedCalls = (dump: unknown): { call: NotedCall; keys: string[] }[] => {
  const byCall = callsOf(dump)
  const finished: { call: NotedCall; keys: string[] }[] = []
  for (const [callId, parts] of byCall) {
    const [startText, caller = "", dialled = "", direction = "internal", tenant = ""] = (parts.get("start") ?? "").split(";")
    const [endText, code = "0"] = (parts.get("end") ?? "").split(";")
    const [answerText, answeredBy = ""] = (parts.get("answer") ?? "").split(";")
    const startedAt = instant(startText)
    const endedAt = instant(endText)
    if (!startedAt || !endedAt) continue
    finished.push({
      call: {
        callId,
        startedAt,
        caller,
        dialled,
        direction: direction === "outbound" || direction === "inbound" ? direction : "internal",
        tenant: /^\d+$/.test(tenant) ? Number(tenant) : null,
        answeredAt: instant(answerText),
        answeredBy: answeredBy || null,
        endedAt,
        code: Number(code) || 0,
      },
      keys: [...parts.keys()].map((part) => `${callId}::${part}`),
    })
  }
  return finished
}

/** The user behind an extension ("1000 + user id"), or null for a number. */
const userIdOf = (extension: string | null): number | null => (extension && /^1\d{3,}$/.test(extension) ? Number(extension) - 1000 : null)

/** The extension a Contact's user starts with: phones and the softphone register "<extension>-<random>". */
const extensionOfContact = (user: string | null): string | null => (user ? (/^(1\d{3,})(?:-|$)/.exec(user)?.[1] ?? null) : null)

/** The tenant a call belongs to: an inbound call's number's, any other's caller's; null for an unknown caller. */
const ownerOf = async (db: Db, call: Pick<NotedCall, "direction" | "caller" | "tenant">): Promise<number | null> => {
  const callerUser = call.direction === "inbound" ? null : userIdOf(call.caller)
  const [owner] = rowsOf(
    await db.execute(
      call.direction === "inbound"
        ? sql`SELECT id AS client_id FROM clients WHERE id = ${call.tenant ?? 0}`
        : sql`SELECT client_id FROM users WHERE id = ${callerUser ?? 0}`,
    ),
  )
  return owner ? Number(owner.client_id) : null
}

/** The answered calls not ended yet, with their tenant (those of an unknown caller left out). */
export const answeredCalls = async (db: Db, dump: unknown): Promise<AnsweredCall[]> => {
  const answered: AnsweredCall[] = []
  for (const [callId, parts] of callsOf(dump)) {
    const fromTag = parts.get("tag")
    if (!parts.has("answer") || parts.has("end") || !fromTag) continue
    const [, caller = "", , direction = "internal", tenant = ""] = (parts.get("start") ?? "").split(";")
    const clientId = await ownerOf(db, {
      caller,
      direction: direction === "outbound" || direction === "inbound" ? direction : "internal",
      tenant: /^\d+$/.test(tenant) ? Number(tenant) : null,
    })
    if (clientId !== null) answered.push({ callId, clientId, fromTag, customerIsCaller: direction !== "outbound" })
  }
  return answered
}

/** Writes one call; answers false when no tenant owns it (an unknown caller), which is then dropped. */
export const writeCall = async (db: Db, call: NotedCall): Promise<boolean> => {
  const callerUser = call.direction === "inbound" ? null : userIdOf(call.caller)
  const calleeUser =
    call.direction === "inbound"
      ? userIdOf(extensionOfContact(call.answeredBy))
      : call.direction === "internal"
        ? userIdOf(call.dialled)
        : null
  const clientId = await ownerOf(db, call)
  if (clientId === null) return false
  const answered = call.answeredAt !== null
  const duration = answered ? Math.max(0, Math.round((call.endedAt.getTime() - call.answeredAt!.getTime()) / 1000)) : 0
  // Only the tenant's own users are named: an extension of another tenant stays a bare number.
  await db.execute(sql`INSERT INTO pbx_calls (client_id, call_id, direction, caller, callee, caller_user_id, callee_user_id,
      started_at, answered_at, ended_at, duration_seconds, outcome, sip_code)
    VALUES (${clientId}, ${call.callId}, ${call.direction}, ${call.caller}, ${call.dialled},
      (SELECT id FROM users WHERE id = ${callerUser ?? 0} AND client_id = ${clientId}),
      (SELECT id FROM users WHERE id = ${calleeUser ?? 0} AND client_id = ${clientId}),
      ${call.startedAt.toISOString()}::timestamptz, ${call.answeredAt?.toISOString() ?? null}::timestamptz,
      ${call.endedAt.toISOString()}::timestamptz, ${duration}, ${outcomeOf(answered, call.code)}, ${answered ? null : call.code || null})
    ON CONFLICT (client_id, call_id) DO NOTHING`)
  return true
}

/**
 * One round: the answered calls handed to the recorder, the finished calls written (and their recordings stored),
 * then removed from Kamailio; answers how many were written.
 */
export const pullCallRecords = async (db: Db, rpc: KamailioRpc, recorder?: PbxRecorder): Promise<number> => {
  let dump: unknown = []
  try {
    dump = await rpc.call("htable.dump", [TABLE])
  } catch (error) {
    if (!(error instanceof KamailioRpcError)) throw error
  }
  const finished = finishedCalls(dump)
  if (recorder) await recorder.startAnswered(await answeredCalls(db, dump))
  let written = 0
  for (const { call, keys } of finished) {
    const kept = await writeCall(db, call)
    if (kept) written += 1
    await recorder?.finished(call.callId, kept)
    for (const key of keys) await rpc.call("htable.delete", [TABLE, key])
  }
  await recorder?.forgetOthers(new Set(callsOf(dump).keys()))
  return written
}

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    const sip = services.config.sip
    if (!sip?.controlUrl) return
    const rpc = kamailioRpc(sip.controlUrl, sip.secret)
    const recorder = sip.rtpengine ? pbxRecorder(services.database.db, sip.rtpengine) : undefined
    let running: Promise<number> = Promise.resolve(0)
    let lastError = ""
    const pull = () => {
      running = running.then(
        () =>
          pullCallRecords(services.database.db, rpc, recorder).then(
            (written) => {
              lastError = ""
              return written
            },
            (error) => {
              const message = error instanceof Error ? error.message : String(error)
              if (message !== lastError) console.warn(`[pbx] could not read the call records from Kamailio: ${message}`)
              lastError = message
              return 0
            },
          ),
        () => 0,
      )
      return running
    }
    const timer = setInterval(() => void pull(), ROUND_MS)
    timer.unref()
    app.addHook("onClose", async () => {
      clearInterval(timer)
      await running
    })
  },
]
