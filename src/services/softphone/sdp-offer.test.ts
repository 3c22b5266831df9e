import { describe, expect, it } from "vitest"
import { offerProblem } from "./sdp-offer"

const webrtc = [
  "v=0",
  "o=- 1 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=fingerprint:sha-256 AB:CD",
  "m=audio 40000 UDP/TLS/RTP/SAVPF 111 0",
  "a=ice-ufrag:abcd",
  "a=ice-pwd:0123456789abcdef012345",
  "a=rtcp-mux",
].join("\r\n")

/** What baresip or a desk phone offers: RTP/AVP, PCMU, no DTLS, no ICE. */
const plain = [
  "v=0",
  "o=- 1 2 IN IP4 10.0.0.5",
  "s=-",
  "c=IN IP4 10.0.0.5",
  "t=0 0",
  "m=audio 5004 RTP/AVP 0 8",
  "a=rtpmap:0 PCMU/8000",
].join("\r\n")

describe("offerProblem", () => {
  it("accepts a WebRTC offer (what the media gateway sends a browser)", () => {
    expect(offerProblem(webrtc)).toBeNull()
  })
  it("refuses plain RTP/AVP, a missing fingerprint, missing ICE, and offers without live audio", () => {
    expect(offerProblem(plain)).toBe("noDtls")
    expect(offerProblem(webrtc.replace("a=fingerprint:sha-256 AB:CD\r\n", ""))).toBe("noDtls")
    expect(offerProblem(webrtc.replace(/a=ice-(ufrag|pwd):\S+\r\n?/g, ""))).toBe("noIce")
    expect(offerProblem(webrtc.replace("m=audio 40000", "m=audio 0"))).toBe("noAudio")
    expect(offerProblem("")).toBe("noAudio")
  })
})
