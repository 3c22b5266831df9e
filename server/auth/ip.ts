/**
 * IP whitelist matching with ipaddr.js: IPv4 and IPv6 addresses and CIDR ranges. An IPv4-mapped IPv6 caller
 * (`::ffff:10.0.0.1`, what a dual-stack socket reports) is matched as the IPv4 address it carries.
 */
import ipaddr from "ipaddr.js"

type Address = ipaddr.IPv4 | ipaddr.IPv6
/** A parsed entry: an address and its prefix length (32 or 128 for a single address). */
export type IpRange = readonly [Address, number]

const unwrap = (address: Address): Address =>
  address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address

/** Dotted quads and IPv6 only: ipaddr.js also reads legacy forms such as `10.0.0` or `0x0a000001`, which no admin means. */
const isStrictAddress = (text: string) => ipaddr.IPv4.isValidFourPartDecimal(text) || (text.includes(":") && ipaddr.IPv6.isValid(text))

/** An entry as typed by an admin, or null when it is neither an address nor a CIDR range. */
export const parseIpEntry = (entry: string): IpRange | null => {
  const text = entry.trim()
  try {
    if (text.includes("/")) {
      const [head, bitsText] = text.split("/")
      if (!isStrictAddress(head) || !/^\d{1,3}$/.test(bitsText ?? "")) return null
      const [address, bits] = ipaddr.parseCIDR(text)
      return [address, bits]
    }
    if (!isStrictAddress(text)) return null
    const address = unwrap(ipaddr.parse(text))
    return [address, address.kind() === "ipv4" ? 32 : 128]
  } catch {
    return null
  }
}

/** The canonical text of an entry: `10.0.0.0/8`, `2001:db8::/32`, `192.168.1.7` (the network address for ranges). */
export const canonicalIpEntry = (entry: string): string | null => {
  const range = parseIpEntry(entry)
  if (!range) return null
  const [address, bits] = range
  const full = address.kind() === "ipv4" ? 32 : 128
  if (bits === full) return address.toString()
  const network =
    address.kind() === "ipv4"
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address}/${bits}`)
  return `${network.toString()}/${bits}`
}

const parseCaller = (callerIp: string): Address | null => {
  try {
    return unwrap(ipaddr.parse(callerIp.trim()))
  } catch {
    return null
  }
}

/** Whether the caller's address falls in any of the ranges (an unparsable caller matches none). */
export const ipInRanges = (ranges: readonly IpRange[], callerIp: string): boolean => {
  const caller = parseCaller(callerIp)
  if (!caller) return false
  return ranges.some(([address, bits]) => address.kind() === caller.kind() && caller.match(address, bits))
}

export const ipAllowed = (entry: string, callerIp: string): boolean => {
  const range = parseIpEntry(entry)
  return range !== null && ipInRanges([range], callerIp)
}
