/**
 * Where a webhook may go: outside development, only to public addresses. A tenant must not make our server POST to
 * itself, the cloud's metadata service or the private network (server-side request forgery). The check is made on the
 * address the connection actually uses — the DNS answer, not the name in the URL — so a name that resolves to a
 * private address (or changes its answer after the URL was saved) is refused too.
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

/** True for loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and reserved addresses. */
export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return privateRanges.check(mapped[1], "ipv4")
  const family = isIP(address)
  if (family === 0) return true
  return privateRanges.check(address, family === 4 ? "ipv4" : "ipv6")
}

export class PrivateTarget extends Error {
  readonly code = "PRIVATE_TARGET"
  constructor(host: string, address: string) {
    super(`${host} is ${address === host ? "" : `resolved to ${address}, `}a private address: webhooks go to public addresses only`)
  }
}

/** The URL's host when it is a private address literal (or `localhost`), to refuse before connecting. */
export const privateLiteral = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, "")
  return host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isPrivateAddress(host))
}

/** A `lookup` for node:http that refuses names resolving to any private address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0)
    const blocked = addresses.find((a) => isPrivateAddress(a.address))
    if (blocked) return callback(new PrivateTarget(hostname, blocked.address) as NodeJS.ErrnoException, "", 0)
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0].address, addresses[0].family)
  })
}
