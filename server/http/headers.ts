/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy that lets the built console run and
 * nothing else — scripts and styles from this origin only (the build has no inline script), no plugins, no framing
 * (frame-ancestors 'none' and X-Frame-Options DENY against clickjacking), no <base> games; nosniff; no Referer (a
 * reset link's token must not leak to another site); HSTS when the request came over TLS (directly or through a
 * trusted proxy's X-Forwarded-Proto; over plain HTTP it would be ignored anyway).
 *
 * What the console needs beyond its own origin: customers' media (https links: images, audio, video), the document
 * viewer it frames (docs.google.com), the PBX softphone's SIP WebSocket (config.sip) and, in development only, the
 * Stately inspector's WebSocket relay (`?inspect=ws://...`, any host).
 */
import helmet from "@fastify/helmet"
import type { FastifyInstance } from "fastify"
import type { Config } from "../config"

const HSTS = "max-age=31536000; includeSubDomains"
export const DOCUMENT_VIEWER = "https://docs.google.com"

/** Where the softphone's SIP WebSocket may be: the configured URL, or any host on the SIP port (the console's own). */
const sipSources = (sip: Config["sip"]): string[] => {
  if (!sip) return []
  if (sip.wsUrl) return [new URL(sip.wsUrl).origin.replace(/^http/, "ws")]
  return [`ws://*:${sip.wsPort}`, `wss://*:${sip.wsPort}`]
}

export const cspOf = (config: Pick<Config, "dev" | "sip">): Record<string, string[]> => {
  const media = ["'self'", "data:", "blob:", "https:", ...(config.dev ? ["http:"] : [])]
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: media,
    mediaSrc: media,
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...(config.dev ? ["ws:", "wss:"] : sipSources(config.sip))],
    frameSrc: [DOCUMENT_VIEWER],
    workerSrc: ["'self'", "blob:"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  }
}

export const registerSecurityHeaders = async (app: FastifyInstance, config: Config) => {
  await app.register(helmet, {
    global: true,
    // Not helmet's defaults: they allow inline styles and upgrade every request to https (which breaks plain-HTTP use).
    contentSecurityPolicy: { useDefaults: false, directives: cspOf(config) },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: false,
  })
  app.addHook("onRequest", async (req, reply) => {
    if (req.protocol === "https") void reply.header("strict-transport-security", HSTS)
  })
}
