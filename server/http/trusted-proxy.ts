/**
 * Which peers may speak for the client in X-Forwarded-* headers (config.trustProxy): TRUST_PROXY=1 any peer,
 * TRUSTED_PROXIES those addresses and CIDR ranges, neither none. Matched by @fastify/proxy-addr, the matcher Fastify
 * itself uses, and given to Fastify (app.ts), so `req.ip`, `req.host`, `req.protocol` and the socket handshake's host
 * (realtime/handshake.ts) follow one rule: a header is believed only when the request's own peer is trusted.
 */
import type { IncomingMessage } from "node:http"
import { compile } from "@fastify/proxy-addr"

/** Whether the peer at `address` (hop 0: the request's own socket) may forward for the client. */
export type ProxyTrust = (address: string, hop: number) => boolean

const anyPeer: ProxyTrust = () => true
const noPeer: ProxyTrust = () => false
const compiled = new WeakMap<readonly string[], ProxyTrust>()

export const proxyTrustOf = (trustProxy: boolean | readonly string[]): ProxyTrust => {
  if (typeof trustProxy === "boolean") return trustProxy ? anyPeer : noPeer
  const known = compiled.get(trustProxy)
  if (known) return known
  const trust = compile([...trustProxy])
  compiled.set(trustProxy, trust)
  return trust
}

/** Whether `req` came straight from a trusted proxy (its X-Forwarded-* headers may be believed). */
export const fromTrustedProxy = (trustProxy: boolean | readonly string[], req: IncomingMessage): boolean => {
  const peer = req.socket?.remoteAddress
  return peer !== undefined && proxyTrustOf(trustProxy)(peer, 0)
}
