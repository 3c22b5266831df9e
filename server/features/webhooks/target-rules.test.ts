/**
 * A webhook reaches public addresses only, and in development also this machine's loopback: private literals are
 * refused before connecting (in development too), names are refused by the address they resolve to, a live receiver
 * on the loopback never sees a production request, and the refusal names neither the address nor what a name
 * resolves to.
 */
import { describe, expect, it } from "vitest"
import { postJson } from "./post"
import { startReceiver } from "./receiver.testing"
import { checkUrl } from "./webhook-rows"
import { guardedLookup, isLoopbackAddress, isPrivateAddress, PrivateTarget, refusedAddress, refusedLiteral } from "./target-rules"

const lookupError = (hostname: string, loopbackAllowed: boolean) =>
  new Promise<unknown>((resolve) => guardedLookup(loopbackAllowed)(hostname, {}, (error) => resolve(error)))

describe("webhook targets", () => {
  it("knows private addresses from public ones, IPv4, IPv6 and IPv4-mapped, and the loopback among them", () => {
    const blocked = ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"]
    const blocked6 = ["::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1"]
    for (const address of [...blocked, ...blocked6]) expect(isPrivateAddress(address), address).toBe(true)
    const open = ["8.8.8.8", "1.1.1.1", "172.32.0.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]
    for (const address of open) expect(isPrivateAddress(address), address).toBe(false)
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(true)
    for (const address of ["10.0.0.1", "169.254.169.254", "fe80::1", "::", "0.0.0.0", "8.8.8.8"]) {
      expect(isLoopbackAddress(address), address).toBe(false)
      // Development allows the loopback and nothing else that is not public.
      expect(refusedAddress(address, true), address).toBe(isPrivateAddress(address))
    }
    expect(refusedAddress("127.0.0.1", true)).toBe(false)
    expect(refusedAddress("127.0.0.1", false)).toBe(true)
    expect(refusedLiteral("localhost", false)).toBe(true)
    expect(refusedLiteral("localhost", true)).toBe(false)
    expect(refusedLiteral("[::1]", false)).toBe(true)
    expect(refusedLiteral("[fd00::1]", true)).toBe(true)
    expect(refusedLiteral("hooks.example.com", false)).toBe(false)
  })

  it("refuses a private URL when saved, in development too, where only this machine's loopback is allowed", () => {
    for (const url of ["https://127.0.0.1/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]/x", "https://localhost/x"])
      expect(() => checkUrl(url, false), url).toThrow(/public addresses only/)
    for (const url of [
      "https://10.0.0.5/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://192.168.1.1:8443/x",
      "https://[fd00::1]/x",
    ])
      expect(() => checkUrl(url, true), url).toThrow(/public addresses only/)
    expect(checkUrl("https://hooks.example.com/in", false)).toBe("https://hooks.example.com/in")
    expect(checkUrl("http://127.0.0.1:4000/hook", true)).toBe("http://127.0.0.1:4000/hook")
    expect(checkUrl("https://localhost:4443/hook", true)).toBe("https://localhost:4443/hook")
  })

  it("never reaches a private address when delivering, by literal or by name, and says only 'not a public address'", async () => {
    const receiver = await startReceiver()
    try {
      await expect(postJson(receiver.url, "{}", {}, 2_000, false)).rejects.toBeInstanceOf(PrivateTarget)
      // A name is judged by the address it resolves to (the lookup node:http uses for the connection); the refusal
      // tells nothing of the name or its address ("vm" is in /etc/hosts, as internal names are).
      for (const name of ["localhost", "vm"]) {
        const refused = await lookupError(name, false)
        expect(refused).toBeInstanceOf(PrivateTarget)
        expect((refused as Error).message).toBe("not a public address")
      }
      const byName = await postJson(receiver.url.replace("127.0.0.1", "vm"), "{}", {}, 2_000, false).catch((error: Error) => error)
      expect(String(byName)).not.toMatch(/127\.0\.0\.1|vm/)
      expect(receiver.received).toHaveLength(0)
      // Development: the loopback receiver, by address or by name, gets it; a private address still does not.
      expect(await postJson(receiver.url, "{}", {}, 2_000, true)).toBe(200)
      expect(await postJson(receiver.url.replace("127.0.0.1", "localhost"), "{}", {}, 2_000, true)).toBe(200)
      expect(receiver.received).toHaveLength(2)
      await expect(postJson("https://10.20.30.40:8443/hook", "{}", {}, 2_000, true)).rejects.toBeInstanceOf(PrivateTarget)
      await expect(postJson("https://169.254.169.254/latest", "{}", {}, 2_000, true)).rejects.toThrow("not a public address")
    } finally {
      await receiver.stop()
    }
  })
})
