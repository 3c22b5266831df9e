/**
 * The WhatsApp side of a voice call, behind one interface so the built-in simulator and a real Cloud API adapter
 * are interchangeable. The call hub drives the adapter (answer the browser, dial, hang up) and the adapter reports
 * what the far end does through `VoiceChannelEvents`.
 */
export interface VoiceChannelEvents {
  /** The customer's phone rings the tenant. Resolves to the call id the hub assigned. */
  readonly incoming: (call: { clientId: number; name: string; number: string }) => Promise<string>
  /** An outgoing call changed status at the far end (RINGING, ACCEPTED, ...). */
  readonly status: (callId: string, status: string) => void
  /** The far end answered an outgoing call with this SDP. */
  readonly answered: (callId: string, sdp: string) => void
  /** Media flows between the browser and the far end. */
  readonly mediaConnected: (callId: string) => void
  /** The far end hung up (or the call failed). */
  readonly ended: (callId: string, status?: string) => void
}

export interface MediaStats {
  readonly state: string
  readonly packetsReceived: number
  readonly packetsSent: number
  readonly bytesReceived: number
  /** A simulated customer's phone: the packets it received of the agent's audio and of the hold tone. */
  readonly heard?: { readonly agent: number; readonly tone: number }
}

/** A call's recording, handed each packet the relay sends (server/features/calls/recording-track.ts). */
export interface CallTap {
  /** A packet of the customer's voice as the agent hears it (none while the call is held). */
  readonly customer: (payload: Buffer) => void
  /** A packet the customer hears: the agent, the recording announcement or the hold tone. */
  readonly heard: (payload: Buffer) => void
}

export interface VoiceChannel {
  /** An agent accepted an incoming call: answer the browser's offer; resolves to the answer SDP. */
  readonly acceptIncoming: (callId: string, offerSdp: string) => Promise<string>
  /** An agent dials `number` with the browser's offer; the answer comes later through `events.answered`. */
  readonly dial: (callId: string, number: string, offerSdp: string) => Promise<void>
  readonly addCandidate: (callId: string, candidate: unknown) => Promise<void>
  /** The agent side ended or rejected the call: release the far end and its media. */
  readonly hangup: (callId: string) => Promise<void>
  readonly stats: (callId: string) => MediaStats | null
  /**
   * The agent put an answered call on hold (`tone`: the Opus packets the customer hears meanwhile, looped; neither
   * side hears the other) or resumed it (null). False when this channel does not carry that call.
   */
  readonly hold: (callId: string, tone: readonly Buffer[] | null) => Promise<boolean>
  /**
   * A warm transfer's consult on a held call: answers the colleague's browser offer; the agent and the colleague hear
   * each other, the customer still hears the hold tone.
   */
  readonly consult: (callId: string, offerSdp: string) => Promise<string>
  /**
   * Ends the call's consult: `handedOver`, the colleague's peer becomes the call's agent leg (the customer's leg as it
   * was); otherwise it closes and the call is held with the agent again. False when this channel has no consult of it.
   */
  readonly endConsult: (callId: string, handedOver: boolean) => Promise<boolean>
  /** A held call resumed from another tab of the agent: answers that browser's offer as the call's agent leg. */
  readonly reconnect: (callId: string, offerSdp: string) => Promise<string>
  /**
   * Records an answered call from now on: plays `announcement` (20 ms Opus packets) to the customer once, and hands
   * every packet both ways to `tap` until the call ends. False when this channel does not carry that call's media.
   */
  readonly record: (callId: string, tap: CallTap, announcement: readonly Buffer[]) => boolean
  readonly close: () => Promise<void>
}

export type VoiceChannelFactory = (events: VoiceChannelEvents) => VoiceChannel
