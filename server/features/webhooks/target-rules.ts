/**
 * Where a webhook may go: only to public addresses, and in development also to this machine's loopback (where the
 * simulators' and tests' receivers listen). A tenant must not make our server POST to the cloud's metadata service or
 * the private network (server-side request forgery), nor, in production, to itself. The check is made on the address
 * the connection actually uses — the DNS answer, not the name in the URL — so a name that resolves to a refused
 * address (or changes its answer after the URL was saved) is refused too. The refusal says only "not a public
 * address": the delivery log never tells a tenant what an internal name resolves to.
 */
import { type LookupAddress, lookup } from "node:dns"
import { BlockList, isIP, type LookupFunction } from "node:net"

const privateRanges = new BlockList()
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  privateRanges.addSubnet(network, prefix, "ipv4")
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  privateRanges.addSubnet(network, prefix, "ipv6")

const loopback = new BlockList()
loopback.addSubnet("127.0.0.0", 8, "ipv4")
loopback.addAddress("::1", "ipv6")

/** True for loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and reserved addresses. */
export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return privateRanges.check(mapped[1], "ipv4")
  const family = isIP(address)
  if (family === 0) return true
  return privateRanges.check(address, family === 4 ? "ipv4" : "ipv6")
}

/** True for 127.0.0.0/8 and ::1 (IPv4-mapped too). */
export const isLoopbackAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return loopback.check(mapped[1], "ipv4")
  const family = isIP(address)
  return family !== 0 && loopback.check(address, family === 4 ? "ipv4" : "ipv6")
}

/** Whether a webhook may not connect to `address`: any non-public address, but the loopback when `loopbackAllowed`. */
export const refusedAddress = (address: string, loopbackAllowed: boolean): boolean =>
  isPrivateAddress(address) && !(loopbackAllowed && isLoopbackAddress(address))

/** The refusal, the same words whatever the name or address: the log says nothing about the internal network. */
export class PrivateTarget extends Error {
  readonly code = "PRIVATE_TARGET"
  constructor() {
    super("not a public address")
  }
}

/** Whether the URL's host is refused as written (an address literal, or `localhost`), before connecting. */
export const refusedLiteral = (hostname: string, loopbackAllowed: boolean): boolean => {
  const host = hostname.replace(/^\[|\]$/g, "")
  if (host === "localhost" || host.endsWith(".localhost")) return !loopbackAllowed
  return isIP(host) !== 0 && refusedAddress(host, loopbackAllowed)
}

/** A `lookup` for node:http that refuses names resolving to any refused address. */
export const guardedLookup =
  (loopbackAllowed: boolean): LookupFunction =>
  (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0)
      if (addresses.some((a) => refusedAddress(a.address, loopbackAllowed)))
        return callback(new PrivateTarget() as NodeJS.ErrnoException, "", 0)
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
