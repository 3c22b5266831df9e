/**
 * Security suite, headers: the console page and every answer carry a strict Content-Security-Policy (no inline
 * script; the inspector's websocket only in development), frame-ancestors 'none', nosniff and a Referrer-Policy;
 * HSTS only when the request came over TLS.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../testing/test-server"

const directives = (header: string | null) =>
  new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  )

describe("security headers", () => {
  const dist = mkdtempSync(join(tmpdir(), "dist-"))
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>console</title>")
  let development: TestServer
  let production: TestServer
  let proxied: TestServer
  beforeAll(async () => {
    development = await startTestServer({ distDir: dist })
    production = await startTestServer({ distDir: dist, config: { dev: false } })
    proxied = await startTestServer({ distDir: dist, config: { trustProxy: true } })
  })
  afterAll(async () => {
    await development?.stop()
    await production?.stop()
    await proxied?.stop()
    rmSync(dist, { recursive: true, force: true })
  })

  it("sends a strict policy with the console page and the API's answers", async () => {
    for (const path of ["/", "/apps/chat", "/api/no/such/call", "/healthz"]) {
      const reply = await fetch(`${production.url}${path}`)
      const csp = directives(reply.headers.get("content-security-policy"))
      expect(csp.get("script-src"), path).toEqual(["'self'"])
      expect(csp.get("default-src")).toEqual(["'self'"])
      expect(csp.get("object-src")).toEqual(["'none'"])
      expect(csp.get("frame-ancestors")).toEqual(["'none'"])
      expect(csp.get("base-uri")).toEqual(["'self'"])
      expect(csp.get("connect-src")).toEqual(["'self'"])
      expect(reply.headers.get("x-content-type-options")).toBe("nosniff")
      expect(reply.headers.get("x-frame-options")).toBe("DENY")
      expect(reply.headers.get("referrer-policy")).toBe("no-referrer")
      expect(reply.headers.get("strict-transport-security")).toBeNull()
    }
  })

  it("lets the development console reach the inspector's websocket relay, and only it", async () => {
    const csp = directives((await fetch(`${development.url}/`)).headers.get("content-security-policy"))
    expect(csp.get("connect-src")).toEqual(["'self'", "ws:", "wss:"])
    expect(csp.get("script-src")).toEqual(["'self'"])
  })

  it("sends HSTS when the request came over TLS (here: through a trusted proxy)", async () => {
    const tls = await fetch(`${proxied.url}/`, { headers: { "x-forwarded-proto": "https" } })
    expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains")
    expect((await fetch(`${proxied.url}/`)).headers.get("strict-transport-security")).toBeNull()
  })
})
