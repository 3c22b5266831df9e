/**
 * G.711 (ITU-T G.711) decoded to 16-bit linear PCM: each 8-bit sample of μ-law (RTP payload type 0, PCMU) or A-law (8,
 * PCMA) is looked up in its table of 256. The tables are the standard's expansion, scaled to 16 bits as the reference
 * decoders do (μ-law ±32124, A-law ±32256).
 */

export const PCMU = 0
export const PCMA = 8

/** μ-law: the bits are sent inverted; a 3-bit segment (exponent) and a 4-bit step, biased by 0x84. */
const ULAW = Int16Array.from({ length: 256 }, (_, code) => {
  const u = ~code & 0xff
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84
  return u & 0x80 ? -magnitude : magnitude
})

/** A-law: the even bits are sent inverted (0x55); segment 0 is linear, the others double each step. */
const ALAW = Int16Array.from({ length: 256 }, (_, code) => {
  const a = code ^ 0x55
  const segment = (a & 0x70) >> 4
  const step = (a & 0x0f) << 4
  const magnitude = segment === 0 ? step + 8 : (step + 0x108) << (segment - 1)
  return a & 0x80 ? magnitude : -magnitude
})

/** Whether RTP payload type `payloadType` is G.711. */
export const isG711 = (payloadType: number) => payloadType === PCMU || payloadType === PCMA

/** A G.711 payload's samples (16-bit, at G.711's 8 kHz). */
export const samplesOfG711 = (payloadType: number, payload: Buffer): Int16Array => {
  const table = payloadType === PCMA ? ALAW : ULAW
  const samples = new Int16Array(payload.length)
  for (let i = 0; i < payload.length; i++) samples[i] = table[payload[i]]
  return samples
}
