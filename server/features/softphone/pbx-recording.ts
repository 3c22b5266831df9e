/**
 * PBX calls recorded where their media passes: rtpengine (server/sip/rtpengine.ts), which writes the plain RTP of both
 * sides to a pcap. Kamailio asks for it with the answer (`record-call=on`) for the tenants published as recording
 * (pbx-routes.ts, "rec:<tenant>"), so the file starts at the answer. Each round of the call records (pbx-call-records.ts,
 * every 2 s) hands over the calls Kamailio notes as answered and not ended; a call whose tenant records calls (the
 * call setting's record_calls) is also asked of rtpengine over ng ("start recording", which leaves a call already
 * recording as it is): so a tenant that turned recording on since the last publication (up to 30 s) is recorded too,
 * from that round on. When the call's record is written, the pcap becomes the call's two-channel file
 * (pbx-recording-pcap.ts: the same Ogg Opus file as a WhatsApp call's, or a WAV for a call of G.711 only), stored with
 * the pbx_calls row and the tenant's retention, and the pcap is removed. When recording starts, rtpengine plays the customer the recording announcement (the pcap holds
 * what each side sent, so the announcement is not in the file). Only calls whose media rtpengine carries are recorded: a browser calling a browser, or two
 * plain-RTP phones, keep their media end to end and leave no pcap.
 */
import { readdir, readFile, rm } from "node:fs/promises"
import { join } from "node:path"
import { sql } from "drizzle-orm"
import type { RtpengineSettings } from "../../config"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ngCommand } from "../../sip/rtpengine"
import { RECORDING_NOTICE_FILE, storeRecording } from "../calls"
import { callSettingOf } from "../onboarding"
import { recordingOfPcap } from "./pbx-recording-pcap"

/** An answered call still going, as Kamailio noted it. */
export interface AnsweredCall {
  readonly callId: string
  readonly clientId: number
  /** The caller's SIP From tag: rtpengine's name for the caller's side. */
  readonly fromTag: string
  /** An outbound call's customer is the one called; any other call's is the caller. */
  readonly customerIsCaller: boolean
}

interface Recording {
  readonly clientId: number
  readonly retentionDays: number
  /** rtpengine's ports the customer sends to. */
  readonly customerPorts: ReadonlySet<number>
}

export interface PbxRecorder {
  /** Starts recording the answered calls of tenants that record calls (each call asked once). */
  readonly startAnswered: (calls: readonly AnsweredCall[]) => Promise<void>
  /** The call's record was written (or dropped: `written` false): its recording is stored, its pcap removed. */
  readonly finished: (callId: string, written: boolean) => Promise<void>
  /** Forgets calls Kamailio no longer holds (`current`: the call ids it still notes), removing their pcaps. */
  readonly forgetOthers: (current: ReadonlySet<string>) => Promise<void>
}

/** The local ports of one side (a tag) of rtpengine's "query" answer. */
const portsOfTag = (query: Record<string, unknown>, tag: string): Set<number> => {
  const ports = new Set<number>()
  const side = (query.tags as Record<string, { medias?: { streams?: { "local port"?: number }[] }[] }> | undefined)?.[tag]
  for (const media of side?.medias ?? [])
    for (const stream of media.streams ?? []) if (stream["local port"]) ports.add(stream["local port"])
  return ports
}

export const pbxRecorder = (db: Db, rtpengine: RtpengineSettings, log: (line: string) => void = console.warn): PbxRecorder => {
  /** Every call asked about: its recording, or null when it is not recorded. */
  const calls = new Map<string, Recording | null>()
  const ng = (command: Record<string, string>) => ngCommand(rtpengine.ngHost, rtpengine.ngPort, command)
  const pcapsDir = join(rtpengine.recordingDir, "pcaps")

  /** The pcap (and metadata) files of a call: rtpengine names them "<call-id, URL-escaped>-<random>". */
  const filesOf = async (callId: string) => {
    const inDir = async (dir: string) =>
      (await readdir(dir).catch(() => [] as string[]))
        .filter((name) => {
          try {
            return decodeURIComponent(name.replace(/^rtpengine-meta-/, "")).startsWith(`${callId}-`)
          } catch {
            return false
          }
        })
        .map((name) => join(dir, name))
    return { pcaps: await inDir(pcapsDir), metadata: await inDir(join(rtpengine.recordingDir, "metadata")) }
  }
  const removeFiles = async (callId: string) => {
    const { pcaps, metadata } = await filesOf(callId)
    await Promise.all([...pcaps, ...metadata].map((file) => rm(file, { force: true })))
  }

  const start = async (call: AnsweredCall) => {
    calls.set(call.callId, null)
    const setting = await callSettingOf(db, call.clientId)
    if (!setting.record_calls) return
    const started = await ng({ command: "start recording", "call-id": call.callId })
    // rtpengine does not carry this call's media (browser to browser, phone to phone): nothing to record.
    if (started.result !== "ok") return
    const query = await ng({ command: "query", "call-id": call.callId })
    const callerPorts = portsOfTag(query, call.fromTag)
    const tags = Object.keys((query.tags as Record<string, unknown> | undefined) ?? {})
    const calleePorts = new Set(tags.filter((tag) => tag !== call.fromTag).flatMap((tag) => [...portsOfTag(query, tag)]))
    calls.set(call.callId, {
      clientId: call.clientId,
      retentionDays: setting.recording_retention_days,
      customerPorts: call.customerIsCaller ? callerPorts : calleePorts,
    })
    // The customer hears the announcement (rtpengine's media player sends it to the side named by the tag).
    const customerTag = call.customerIsCaller ? call.fromTag : tags.find((tag) => tag !== call.fromTag)
    if (customerTag) {
      const played = await ng({ command: "play media", "call-id": call.callId, "from-tag": customerTag, file: RECORDING_NOTICE_FILE })
      if (played.result !== "ok") log(`[pbx] could not play the recording notice on call ${call.callId}: ${String(played["error-reason"])}`)
    }
  }

  const keep = async (callId: string, recording: Recording) => {
    const { pcaps } = await filesOf(callId)
    const [row] = rowsOf(await db.execute(sql`SELECT id FROM pbx_calls WHERE client_id = ${recording.clientId} AND call_id = ${callId}`))
    if (!row || pcaps.length === 0) return
    const made = await recordingOfPcap(await readFile(pcaps[0]), recording.customerPorts)
    if (!made) {
      log(`[pbx] call ${callId} was recorded with neither Opus nor G.711: no recording kept`)
      return
    }
    if (made.unheard) {
      const [g711, opus] = made.unheard === "customer" ? ["the customer", "the other side"] : ["the other side", "the customer"]
      log(`[pbx] call ${callId}: ${g711} spoke G.711 and ${opus} Opus; ${g711} is silent in its recording`)
    }
    await storeRecording(db, {
      clientId: recording.clientId,
      pbxCallId: Number(row.id),
      retentionDays: recording.retentionDays,
      ...made.recorded,
    })
  }

  return {
    startAnswered: async (answered) => {
      for (const call of answered) {
        if (calls.has(call.callId)) continue
        await start(call).catch((error: unknown) => log(`[pbx] could not record call ${call.callId}: ${String(error)}`))
      }
    },
    finished: async (callId, written) => {
      const recording = calls.get(callId)
      calls.delete(callId)
      if (!recording) return
      try {
        if (written) await keep(callId, recording)
      } finally {
        await removeFiles(callId)
      }
    },
    forgetOthers: async (current) => {
      for (const [callId, recording] of calls) {
        if (current.has(callId)) continue
        calls.delete(callId)
        if (recording) await removeFiles(callId)
      }
    },
  }
}
