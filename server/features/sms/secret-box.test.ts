import { describe, expect, it } from "vitest"
import { open, seal } from "./secret-box"

describe("gateway secrets at rest", () => {
  it("seals to a different text each time and opens only under the same server secret", () => {
    const a = seal("server-one", "smpp-pass")
    const b = seal("server-one", "smpp-pass")
    expect(a).not.toBe(b)
    expect(a).not.toContain("smpp-pass")
    expect(open("server-one", a)).toBe("smpp-pass")
    expect(() => open("server-two", a)).toThrow()
  })

  it("refuses a tampered value", () => {
    const sealed = seal("s", "secret")
    const raw = Buffer.from(sealed.slice(3), "base64")
    raw[raw.length - 1] ^= 1
    expect(() => open("s", `v1:${raw.toString("base64")}`)).toThrow()
  })
})
