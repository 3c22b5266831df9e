/**
 * A new incoming call rings the tenant's agents who can take it (call-takers.ts), all at once or the first few in
 * their ring turn (call-widen.ts), or waits for one (call-waiting.ts);
 * a call nobody online can take gets the tenant's away message and ends as missed; a tenant with calls turned off
 * refuses it at the channel.
 */
import type { Services } from "../../http/context"
import { CallStatus } from "../../../src/contract/voice-calls"
import { callSettingOf } from "../onboarding"
import { awayForCall } from "../tenant-settings"
import { metaLeg } from "./hooks"
import { type CallChannelName, type EndedCall, finish, insertRefused, insertRinging, markEmitted } from "./call-store"
import { scheduleRingEnd } from "./call-timers"
import { tookTurns } from "./call-widen"
import { type Emit, agentRooms, logFailure } from "./call-desk"
import { callQueueChanged, ringOrWait, serveWaitingAfter } from "./call-waiting"

export const ringDesk = (services: Services, emit: Emit, announceEnded: (ended: EndedCall, farEndGone: boolean) => Promise<void>) => {
  const db = () => services.database.db
  /** A customer's call nobody can take: the tenant's away message on WhatsApp, and the call ends as missed. */
  const nobodyCanTake = async (call: { callId: string; clientId: number; name: string; number: string }) => {
    const ended = await services.database.transaction(async (tx) => {
      const missed = await finish(tx, call.callId, CallStatus.missed)
      if (missed) await awayForCall(tx, call)
      return missed
    })
    if (ended) await announceEnded(ended, false)
  }

  /** Rings the tenant's agents for a new incoming call; null when a call with this id was already recorded. */
  const ring = async (
    { clientId, name, number }: { clientId: number; name: string; number: string },
    callId: string,
    channel: CallChannelName,
    meta?: { offer: string; numberId: string },
  ): Promise<string | null> => {
    const setting = await callSettingOf(db(), clientId)
    if (!setting.enabled) {
      // The tenant turned calls off: refused at the channel, in Call History as such, and no card rings.
      const fresh = await services.database.transaction((tx) => insertRefused(tx, { callId, clientId, name, number }, CallStatus.refused))
      if (fresh && meta) await metaLeg.ask(services, { clientId, callId, ...meta }).then((leg) => leg?.act("reject"))
      return fresh ? callId : null
    }
    const ringEndsAt = new Date(Date.now() + setting.ring_timeout_seconds * 1000)
    const { rung, queued, more } = await ringOrWait(services, clientId, setting.ring_at_once)
    const fresh = await services.database.transaction(async (tx) => {
      const inserted = await insertRinging(tx, {
        callId,
        clientId,
        name,
        number,
        channel,
        ringEndsAt,
        metaOffer: meta?.offer,
        metaNumberId: meta?.numberId,
        rung,
        queued,
      })
      if (inserted && (rung.length > 0 || queued)) await scheduleRingEnd(tx, { callId, clientId, ringEndsAt })
      if (inserted && setting.ring_at_once > 0) await tookTurns(tx, { callId, clientId }, { fresh: rung, width: rung.length, more })
      return inserted
    })
    if (!fresh) return null
    if (queued) {
      callQueueChanged(services, clientId, callId)
      return serveWaitingAfter(services, clientId).then(() => callId)
    }
    if (rung.length === 0) {
      await nobodyCanTake({ callId, clientId, name, number })
      return callId
    }
    const emittedAt = Date.now()
    emit(agentRooms(rung), "call-is-coming", {
      callId,
      callerName: name,
      callerNumber: number,
      ringSeconds: setting.ring_timeout_seconds,
      quickReplies: setting.quick_replies,
    })
    markEmitted(db(), callId, emittedAt).catch(logFailure(`could not note when ${callId} rang`))
    return callId
  }
  return ring
}
