/**
 * The fake Meta's Calling API: a WhatsApp user's phone that calls a number (a werift peer offering audio, announced as a
 * signed `calls` connect webhook in Meta's format), takes our `POST /{phone-number-id}/calls` actions (recorded; the SDP
 * answer of pre_accept / accept completes its peer), echoes the audio it receives, and hangs up (a terminate webhook).
 */
import { randomBytes } from "node:crypto"
import { RTCPeerConnection, type RTCRtpTransceiver } from "werift"
import type { FakeNumber, GraphAnswer } from "./fake-meta"

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
  readonly startedAt: number
}

type Post = (number: FakeNumber, payload: unknown) => Promise<number>

const error = (status: number, code: number, message: string): GraphAnswer => ({
  status,
  body: { error: { message, type: "OAuthException", code, error_data: { details: message } } },
})

const LIMIT = 100

export class FakeCalls {
  readonly calls = new Map<string, FakeCall>()

  constructor(private readonly post: Post) {}

  private payload(number: FakeNumber, call: Pick<FakeCall, "id" | "from">, event: Record<string, unknown>, name?: string) {
    return {
      object: "whatsapp_business_account",
      entry: [
        {
          id: number.wabaId,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: number.displayNumber.replace(/[^0-9]/g, ""), phone_number_id: number.phoneNumberId },
                ...(name !== undefined ? { contacts: [{ profile: { name }, wa_id: call.from }] } : {}),
                calls: [
                  {
                    id: call.id,
                    from: call.from,
                    to: number.displayNumber.replace(/[^0-9]/g, ""),
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    ...event,
                  },
                ],
              },
              field: "calls",
            },
          ],
        },
      ],
    }
  }

  /** The user's phone calls `number`: a fresh peer's offer in a signed connect webhook. Answers the call and our status. */
  async place(number: FakeNumber, from: string, name: string | undefined, callId?: string) {
    const iceHost = process.env.SIM_ICE_HOST ?? "127.0.0.1"
    const pc = new RTCPeerConnection({ iceAdditionalHostAddresses: [iceHost], iceInterfaceAddresses: { udp4: iceHost }, iceUseIpv6: false })
    const transceiver: RTCRtpTransceiver = pc.addTransceiver("audio", { direction: "sendrecv" })
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
    // The phone's user talks back: what arrives is echoed, so the agent's browser hears its own audio through Meta.
    transceiver.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        call.media.packetsReceived++
        transceiver.sender.sendRtp(rtp).then(
          () => void call.media.packetsSent++,
          () => undefined,
        )
      }),
    )
    this.calls.set(call.id, call)
    if (this.calls.size > LIMIT) {
      const [oldest] = this.calls.values()
      await this.end(oldest)
    }
    const status = await this.connect(number, call, name)
    return { call, status }
  }

  /** The connect webhook of a call (again: what Meta's retry looks like). */
  connect(number: FakeNumber, call: FakeCall, name?: string) {
    const offer = call.pc.localDescription?.sdp ?? ""
    return this.post(number, this.payload(number, call, { event: "connect", session: { sdp_type: "offer", sdp: offer } }, name ?? ""))
  }

  /** `POST /{version}/{phone-number-id}/calls`. */
  async act(number: FakeNumber, body: Record<string, unknown>): Promise<GraphAnswer> {
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
  async hangup(number: FakeNumber, call: FakeCall) {
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
    await Promise.all([...this.calls.values()].map((call) => call.pc.close().catch(() => undefined)))
    this.calls.clear()
  }
}
