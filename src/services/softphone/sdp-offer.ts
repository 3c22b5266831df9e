/**
 * Whether a browser can take an incoming call's offer. WebRTC needs DTLS-SRTP (a fingerprint), ICE credentials and
 * an audio stream; a plain-RTP offer (a desk phone or a trunk reached without the media gateway) would make
 * Chromium refuse the session description after the user pressed Answer. Checking first lets the softphone answer
 * 488 Not Acceptable Here at once, and say why, instead of ringing for a call it cannot take.
 */
export type OfferProblem = "noAudio" | "noDtls" | "noIce"

export const offerProblem = (sdp: string): OfferProblem | null => {
  const lines = sdp.split(/\r?\n/)
  const audio = lines.find((line) => line.startsWith("m=audio ") && !line.startsWith("m=audio 0 "))
  if (!audio) return "noAudio"
  if (!lines.some((line) => line.startsWith("a=fingerprint:")) || !/\bUDP\/TLS\/RTP\/SAVPF?\b/.test(audio)) return "noDtls"
  if (!lines.some((line) => line.startsWith("a=ice-ufrag:")) || !lines.some((line) => line.startsWith("a=ice-pwd:"))) return "noIce"
  return null
}
