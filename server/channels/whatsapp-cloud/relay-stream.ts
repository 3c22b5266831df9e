/**
 * One direction of a relayed call (call-bridge.ts) as its receiver sees it: a single RTP stream whatever feeds it, the
 * other party's packets or the hold tone, with sequence numbers and timestamps that run on across every switch (a
 * pause of the wall clock's length, marked), so the receiver's jitter buffer sees a pause and not a broken stream.
 */
import { type RTCRtpTransceiver, RtpHeader, RtpPacket } from "werift"

/** Opus's RTP clock, and the 20 ms frame WebRTC sends and the hold tone is cut in. */
const CLOCK_PER_MS = 48
const FRAME_MS = 20
const FRAME_TICKS = FRAME_MS * CLOCK_PER_MS
/** A timestamp step above this is a clock jump of the source, not a pause: counted as one frame. */
const MAX_STEP = 60_000 * CLOCK_PER_MS

export interface StreamCounts {
  /** Packets of the other party sent on. */
  relayed: number
  /** Hold tone packets sent. */
  tone: number
}

export class RelayStream {
  target: RTCRtpTransceiver | null = null
  readonly counts: StreamCounts = { relayed: 0, tone: 0 }
  private seq = Math.floor(Math.random() * 0x10000)
  private ts = Math.floor(Math.random() * 0x1_0000_0000)
  private sourceTs: number | null = null
  private lastSentAt = 0
  private switched = true
  private paused = false
  private tone: NodeJS.Timeout | null = null
  /** Sees every packet this direction sends (a call's recording, recording-track.ts). */
  tap: ((payload: Buffer) => void) | null = null

  /** A packet of the other party: sent on unless this direction is paused or plays the tone. */
  relay(rtp: RtpPacket) {
    if (this.paused || this.tone) return
    const source = rtp.header.timestamp
    const step = this.sourceTs === null ? 0 : (source - this.sourceTs) >>> 0
    this.sourceTs = source
    this.send(rtp.payload, step > 0 && step <= MAX_STEP ? step : FRAME_TICKS, "relayed")
  }

  /** Nothing of the other party goes through (the call is on hold) until `resume`. */
  pause() {
    this.paused = true
  }

  /**
   * Loops `packets` (20 ms each) instead of the other party's audio, until `resume`; `once`: plays them once and then
   * goes back to the other party (the recording announcement). A clip still playing gives way to the new one.
   */
  playTone(packets: readonly Buffer[], once = false) {
    if (packets.length === 0) return
    if (this.tone) clearInterval(this.tone)
    let next = 0
    this.switchSource()
    const timer = setInterval(() => {
      this.send(packets[next], FRAME_TICKS, "tone")
      next = (next + 1) % packets.length
      if (once && next === 0 && this.tone === timer) {
        clearInterval(timer)
        this.tone = null
        this.switchSource()
      }
    }, FRAME_MS)
    this.tone = timer
    this.tone.unref()
  }

  resume() {
    if (this.tone) clearInterval(this.tone)
    this.tone = null
    this.paused = false
    this.switchSource()
  }

  /**
   * Takes over a receiver that `other` fed (a warm transfer's colleague, heard by the consult's stream until the
   * handover): this direction's packets run on from `other`'s last sequence number and timestamp, so the receiver's
   * jitter buffer sees one stream with a pause, not packets from behind it that it drops as late.
   */
  continueFrom(other: RelayStream) {
    this.seq = other.seq
    this.ts = other.ts
    this.lastSentAt = other.lastSentAt
    this.switchSource()
  }

  private switchSource() {
    this.sourceTs = null
    this.switched = true
  }

  private send(payload: Buffer, step: number, kind: keyof StreamCounts) {
    const target = this.target
    if (!target) return
    const now = performance.now()
    // The first packet after a switch is as far on as the wall clock went (a pause), at least one frame.
    const ticks = this.switched ? Math.max(FRAME_TICKS, Math.round((now - this.lastSentAt) * CLOCK_PER_MS)) : step
    this.seq = (this.seq + 1) & 0xffff
    this.ts = (this.ts + ticks) >>> 0
    this.lastSentAt = now
    this.tap?.(payload)
    const header = new RtpHeader({ payloadType: 111, sequenceNumber: this.seq, timestamp: this.ts, marker: this.switched })
    this.switched = false
    target.sender.sendRtp(new RtpPacket(header, payload)).then(
      () => void this.counts[kind]++,
      () => undefined,
    )
  }

  close() {
    if (this.tone) clearInterval(this.tone)
    this.tone = null
    this.target = null
    this.tap = null
  }
}
