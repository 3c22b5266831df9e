import { describe, expect, it } from "vitest"
import { canonicalIpEntry, ipAllowed, parseIpEntry } from "./ip"

describe("IP whitelist matching", () => {
  it("matches IPv4 addresses and CIDR ranges, IPv4-mapped callers included", () => {
    expect(ipAllowed("10.0.0.0/8", "10.200.3.4")).toBe(true)
    expect(ipAllowed("10.0.0.0/8", "11.0.0.1")).toBe(false)
    expect(ipAllowed("192.168.1.7", "::ffff:192.168.1.7")).toBe(true)
    expect(ipAllowed("192.168.1.7", "192.168.1.8")).toBe(false)
    expect(ipAllowed("0.0.0.0/0", "8.8.8.8")).toBe(true)
  })

  it("matches IPv6 addresses and ranges, never across families", () => {
    expect(ipAllowed("2001:db8::/32", "2001:db8:1::5")).toBe(true)
    expect(ipAllowed("2001:db8::/32", "2001:db9::5")).toBe(false)
    expect(ipAllowed("::1", "::1")).toBe(true)
    expect(ipAllowed("::/0", "10.0.0.1")).toBe(false)
    expect(ipAllowed("10.0.0.0/8", "not an address")).toBe(false)
  })

  it("refuses what is not an address and writes ranges canonically", () => {
    for (const bad of ["", "10.0.0", "10.0.0.0/33", "300.1.1.1", "2001:db8::/129", "host.example", "1.2.3.4/x"])
      expect(parseIpEntry(bad), bad).toBeNull()
    expect(canonicalIpEntry("10.1.2.3/8")).toBe("10.0.0.0/8")
    expect(canonicalIpEntry("2001:DB8:0:0::1")).toBe("2001:db8::1")
    expect(canonicalIpEntry(" 127.0.0.1 ")).toBe("127.0.0.1")
  })
})
