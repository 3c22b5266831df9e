/**
 * A relayed call's direction as its receiver sees it (relay-stream.ts): one stream across every switch. A warm
 * transfer's handover moves the colleague's receiver from the consult's stream to the call's own, which must run on
 * from where the consult's stream left it: a receiver drops packets numbered behind the ones it already played.
 */
import { RtpHeader, RtpPacket, type RTCRtpTransceiver } from "werift"
import { describe, expect, it } from "vitest"
import { RelayStream } from "./relay-stream"

/** A transceiver that keeps what its sender is asked to send. */
const receiver = () => {
  const sent: RtpHeader[] = []
  const transceiver = { sender: { sendRtp: async (packet: RtpPacket) => void sent.push(packet.header) } }
  return { sent, target: transceiver as unknown as RTCRtpTransceiver }
}

/** A 20 ms Opus packet of the other party, `n` frames into its own stream. */
const frame = (n: number) => new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber: n, timestamp: n * 960 }), Buffer.from([n]))

/** How far `b` is after `a` in 16-bit (or 32-bit) serial arithmetic: negative when behind. */
const ahead = (a: number, b: number, bits: 16 | 32) => {
  const size = 2 ** bits
  const d = (((b - a) % size) + size) % size
  return d >= size / 2 ? d - size : d
}

describe("a relayed direction's receiver sees one stream", () => {
  it("after a handover the call's stream runs on from the consult's last sequence number and timestamp", () => {
    // Many pairs: the streams start at random numbers, so without the carry-over about half would land behind.
    for (let round = 0; round < 64; round++) {
      const colleague = receiver()
      const consult = new RelayStream()
      consult.target = colleague.target
      for (let n = 1; n <= 5; n++) consult.relay(frame(n))
      const call = new RelayStream()
      call.continueFrom(consult)
      call.target = colleague.target
      for (let n = 100; n <= 102; n++) call.relay(frame(n))
      const [last, first, second] = colleague.sent.slice(4, 7)
      expect(ahead(last.sequenceNumber, first.sequenceNumber, 16)).toBe(1)
      expect(ahead(first.sequenceNumber, second.sequenceNumber, 16)).toBe(1)
      expect(ahead(last.timestamp, first.timestamp, 32)).toBeGreaterThanOrEqual(960)
      expect(ahead(first.timestamp, second.timestamp, 32)).toBe(960)
      // The first packet after the switch is marked, as after any switch of source.
      expect(first.marker).toBe(true)
    }
  })
})
