/**
 * Outside development a webhook reaches public addresses only: private literals are refused before connecting, names
 * are refused by the address they resolve to, and a live receiver on the loopback never sees the request.
 */
import { describe, expect, it } from "vitest"
import { postJson } from "./post"
import { startReceiver } from "./receiver.testing"
import { checkUrl } from "./webhook-rows"
import { isPrivateAddress, PrivateTarget, privateLiteral, publicOnlyLookup } from "./target-rules"

describe("webhook targets", () => {
  it("knows private addresses from public ones, IPv4, IPv6 and IPv4-mapped", () => {
    const blocked = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"]
    const blocked6 = ["::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1"]
    for (const address of [...blocked, ...blocked6]) expect(isPrivateAddress(address), address).toBe(true)
    const open = ["8.8.8.8", "1.1.1.1", "172.32.0.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]
    for (const address of open) expect(isPrivateAddress(address), address).toBe(false)
    expect(privateLiteral("localhost")).toBe(true)
    expect(privateLiteral("[::1]")).toBe(true)
    expect(privateLiteral("hooks.example.com")).toBe(false)
  })

  it("refuses a private URL when saved outside development, with a clear reason; development allows localhost", () => {
    for (const url of ["https://127.0.0.1/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]/x", "https://localhost/x"])
      expect(() => checkUrl(url, false), url).toThrow(/public addresses only/)
    expect(checkUrl("https://hooks.example.com/in", false)).toBe("https://hooks.example.com/in")
    expect(checkUrl("http://127.0.0.1:4000/hook", true)).toBe("http://127.0.0.1:4000/hook")
  })

  it("never reaches a private address when delivering outside development, by literal or by name", async () => {
    const receiver = await startReceiver()
    try {
      await expect(postJson(receiver.url, "{}", {}, 2_000, true)).rejects.toBeInstanceOf(PrivateTarget)
      // A name is judged by the address it resolves to (the lookup node:http uses for the connection).
      const resolved = await new Promise<unknown>((resolve) => publicOnlyLookup("localhost", {}, (error) => resolve(error)))
      expect(resolved).toBeInstanceOf(PrivateTarget)
      expect(String((resolved as Error).message)).toMatch(/localhost is resolved to 127\.0\.0\.1, a private address/)
      expect(receiver.received).toHaveLength(0)
      // The same receiver in development: delivered.
      expect(await postJson(receiver.url, "{}", {}, 2_000, false)).toBe(200)
      expect(receiver.received).toHaveLength(1)
    } finally {
      await receiver.stop()
    }
  })
})
