/**
 * The fake Meta's Calling API: a WhatsApp user's phone that calls a number (a werift peer offering audio, announced as a
 * signed `calls` connect webhook in Meta's format), takes our `POST /{phone-number-id}/calls` actions (recorded; the SDP
 * answer of pre_accept / accept completes its peer), echoes the audio it receives, and hangs up (a terminate webhook).
 * A business's call to a user (`action: "connect"` with an offer): the phone answers it, rings (a RINGING status), and
 * after SIM_ANSWER_MS picks up (a connect webhook with its SDP answer and an ACCEPTED status); numbers ending in 000
 * decline (REJECTED), like the built-in simulator's.
 */
import { randomBytes } from "node:crypto"
import { RTCPeerConnection, type RTCRtpTransceiver } from "werift"
import type { FakeNumber, GraphAnswer } from "./fake-meta-model"
import { whatsappChange } from "./webhook-payloads"

/** What the calls need of a fake number. */
type CalledNumber = Pick<FakeNumber, "phoneNumberId" | "wabaId" | "displayNumber">

export interface FakeCallAction {
  readonly action: string
  readonly sdp: string | null
  readonly at: string
}

export interface FakeCall {
  readonly id: string
  readonly phoneNumberId: string
  readonly from: string
  readonly actions: FakeCallAction[]
  state: "ringing" | "pre_accepted" | "accepted" | "rejected" | "terminated" | "ended"
  readonly pc: RTCPeerConnection
  readonly media: { packetsReceived: number; packetsSent: number }
  startedAt: number
}

type Post<N> = (number: N, payload: unknown) => Promise<number>

const error = (status: number, code: number, message: string): GraphAnswer => ({
  status,
  body: { error: { message, type: "OAuthException", code, error_data: { details: message } } },
})

const LIMIT = 100

const newPeer = () => {
  const iceHost = process.env.SIM_ICE_HOST ?? "127.0.0.1"
  return new RTCPeerConnection({ iceAdditionalHostAddresses: [iceHost], iceInterfaceAddresses: { udp4: iceHost }, iceUseIpv6: false })
}

/** The phone's user talks back: what arrives is echoed, so the agent's browser hears its own audio through Meta. */
const echo = (pc: RTCPeerConnection, media: FakeCall["media"]) => {
  const hooked = new WeakSet<RTCRtpTransceiver>()
  const hook = (transceiver: RTCRtpTransceiver) => {
    if (hooked.has(transceiver)) return
    hooked.add(transceiver)
    transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        media.packetsReceived++
        transceiver.sender.sendRtp(rtp).then(
          () => void media.packetsSent++,
          () => undefined,
        )
      }),
    )
  }
  pc.onTransceiverAdded.subscribe(hook)
  return () => pc.getTransceivers().forEach(hook)
}

const gathered = async (pc: RTCPeerConnection) => {
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((s) => s === "complete")
}

export class FakeCalls<N extends CalledNumber> {
  readonly calls = new Map<string, FakeCall>()
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(private readonly post: Post<N>) {}

  private later(ms: number, fn: () => Promise<unknown>) {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      fn().catch((e: unknown) => console.error("[fake meta] call webhook failed", e))
    }, ms)
    this.timers.add(timer)
  }

  private statusPayload(number: N, call: FakeCall, status: string) {
    const payload = this.payload(number, call, {})
    const value = payload.entry[0].changes[0].value as Record<string, unknown>
    delete value.calls
    value.statuses = [{ id: call.id, timestamp: String(Math.floor(Date.now() / 1000)), type: "call", status, recipient_id: call.from }]
    return payload
  }

  private async track(call: FakeCall) {
    this.calls.set(call.id, call)
    if (this.calls.size > LIMIT) {
      const [oldest] = this.calls.values()
      this.calls.delete(oldest.id)
      await this.end(oldest)
    }
  }

  /** `action: "connect"`: the business calls the user with its offer. */
  private async dialled(number: N, body: Record<string, unknown>): Promise<GraphAnswer> {
    const to = String(body.to ?? "").replace(/[^0-9]/g, "")
    const session = (body.session ?? {}) as { sdp_type?: unknown; sdp?: unknown }
    if (!/^[0-9]{6,15}$/.test(to)) return error(400, 131026, "Message undeliverable")
    if (session.sdp_type !== "offer" || typeof session.sdp !== "string" || !session.sdp)
      return error(400, 100, "session with sdp_type offer and sdp is required")
    const pc = newPeer()
    const call: FakeCall = {
      id: `wacid.${randomBytes(18).toString("base64url")}`,
      phoneNumberId: number.phoneNumberId,
      from: to,
      actions: [{ action: "connect", sdp: session.sdp, at: new Date().toISOString() }],
      state: "ringing",
      pc,
      media: { packetsReceived: 0, packetsSent: 0 },
      startedAt: Date.now(),
    }
    const hookAll = echo(pc, call.media)
    await pc.setRemoteDescription({ type: "offer", sdp: session.sdp })
    await pc.setLocalDescription(await pc.createAnswer())
    await gathered(pc)
    hookAll()
    const answer = pc.localDescription?.sdp ?? ""
    await this.track(call)
    const ringing = () => call.state === "ringing"
    this.later(200, async () => (ringing() ? this.post(number, this.statusPayload(number, call, "RINGING")) : 0))
    this.later(Number(process.env.SIM_ANSWER_MS ?? 2000), async () => {
      if (!ringing()) return
      if (/000$/.test(to)) {
        call.state = "rejected"
        await call.pc.close().catch(() => undefined)
        return this.post(number, this.statusPayload(number, call, "REJECTED"))
      }
      call.state = "accepted"
      call.startedAt = Date.now()
      await this.post(number, this.payload(number, call, { event: "connect", session: { sdp_type: "answer", sdp: answer } }))
      return this.post(number, this.statusPayload(number, call, "ACCEPTED"))
    })
    return { status: 200, body: { messaging_product: "whatsapp", calls: [{ id: call.id }] } }
  }

  private payload(number: N, call: Pick<FakeCall, "id" | "from">, event: Record<string, unknown>, name?: string) {
    const to = number.displayNumber.replace(/[^0-9]/g, "")
    const timestamp = String(Math.floor(Date.now() / 1000))
    return whatsappChange(
      number,
      {
        ...(name !== undefined ? { contacts: [{ profile: { name }, wa_id: call.from }] } : {}),
        calls: [{ id: call.id, from: call.from, to, timestamp, ...event }],
      },
      "calls",
    )
  }

  /** The user's phone calls `number`: a fresh peer's offer in a signed connect webhook. Answers the call and our status. */
  async place(number: N, from: string, name: string | undefined, callId?: string) {
    const pc = newPeer()
    pc.addTransceiver("audio", { direction: "sendrecv" })
    await pc.setLocalDescription(await pc.createOffer())
    if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((s) => s === "complete")
    const call: FakeCall = {
      id: callId ?? `wacid.${randomBytes(18).toString("base64url")}`,
      phoneNumberId: number.phoneNumberId,
      from,
      actions: [],
      state: "ringing",
      pc,
      media: { packetsReceived: 0, packetsSent: 0 },
      startedAt: Date.now(),
    }
    echo(pc, call.media)()
    await this.track(call)
    const status = await this.connect(number, call, name)
    return { call, status }
  }

  /** The connect webhook of a call (again: what Meta's retry looks like). */
  connect(number: N, call: FakeCall, name?: string) {
    const offer = call.pc.localDescription?.sdp ?? ""
    return this.post(number, this.payload(number, call, { event: "connect", session: { sdp_type: "offer", sdp: offer } }, name ?? ""))
  }

  /** `POST /{version}/{phone-number-id}/calls`. */
  async act(number: N, body: Record<string, unknown>): Promise<GraphAnswer> {
    if (body.action === "connect") return this.dialled(number, body)
    const call = this.calls.get(String(body.call_id ?? ""))
    if (!call || call.phoneNumberId !== number.phoneNumberId) return error(400, 138006, "Call not found")
    const action = String(body.action ?? "")
    const session = (body.session ?? {}) as { sdp_type?: unknown; sdp?: unknown }
    const sdp = typeof session.sdp === "string" ? session.sdp : null
    if (call.state === "ended" || call.state === "rejected" || call.state === "terminated")
      return error(400, 138002, `The call has already ended (${call.state})`)
    if (action === "pre_accept" || action === "accept") {
      if (session.sdp_type !== "answer" || !sdp) return error(400, 100, "session with sdp_type answer and sdp is required")
      if (!call.pc.remoteDescription) await call.pc.setRemoteDescription({ type: "answer", sdp })
      call.state = action === "accept" ? "accepted" : "pre_accepted"
    } else if (action === "reject" || action === "terminate") {
      call.state = action === "reject" ? "rejected" : "terminated"
      await call.pc.close().catch(() => undefined)
    } else return error(400, 100, `Unknown action ${action}`)
    call.actions.push({ action, sdp, at: new Date().toISOString() })
    return { status: 200, body: { messaging_product: "whatsapp", success: true } }
  }

  /** The user hangs up: Meta posts a terminate webhook. */
  async hangup(number: N, call: FakeCall) {
    const accepted = call.state === "accepted"
    await this.end(call)
    return this.post(
      number,
      this.payload(number, call, {
        event: "terminate",
        status: accepted ? "COMPLETED" : "FAILED",
        ...(accepted ? { duration: Math.round((Date.now() - call.startedAt) / 1000) } : {}),
      }),
    )
  }

  private async end(call: FakeCall) {
    if (call.state !== "rejected" && call.state !== "terminated") call.state = "ended"
    await call.pc.close().catch(() => undefined)
  }

  async close() {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    await Promise.all([...this.calls.values()].map((call) => call.pc.close().catch(() => undefined)))
    this.calls.clear()
  }
}
