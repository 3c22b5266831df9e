/**
 * Security suite, socket handshakes: the user token is taken from the handshake's auth payload only (never the URL),
 * and only the console's own origin (or a configured one) may open a socket; a foreign page is refused on every
 * transport before a session exists.
 */
import { describe, expect, it } from "vitest"
import { io } from "socket.io-client"
import { DB_KINDS, login, useServer } from "../testing/harness"

const attempt = (url: string, options: { auth?: object; query?: object; origin?: string }) =>
  new Promise<string>((resolve) => {
    const socket = io(url, {
      path: "/rt/socket.io",
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      auth: options.auth,
      query: options.query as Record<string, string> | undefined,
      extraHeaders: options.origin ? { origin: options.origin } : undefined,
    })
    const done = (result: string) => {
      socket.close()
      resolve(result)
    }
    socket.on("connect", () => done("connected"))
    socket.on("connect_error", (error) => done(`refused: ${error.message}`))
  })

/** The polling transport's first request, as a foreign page's script would send it (or a proxy, with `headers`). */
const pollFrom = (url: string, origin: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/rt/socket.io/?EIO=4&transport=polling`, { headers: { origin, ...headers } }).then(async (reply) => ({
    status: reply.status,
    body: await reply.text(),
  }))

describe.each(DB_KINDS)("socket handshakes on %s", (kind) => {
  const ctx = useServer(kind, { config: { allowedOrigins: ["https://widget.example"] } })

  it("takes the user token from the auth payload, never from the URL", async () => {
    const { user_token } = await login(ctx.url, "agent1")
    expect(await attempt(ctx.url, { auth: { user_token } })).toBe("connected")
    expect(await attempt(ctx.url, { query: { user_token } })).toMatch(/^refused/)
    expect(await attempt(ctx.url, { auth: { user_token }, query: { user_token } })).toMatch(/^refused/)
  })

  it("opens sockets for the console's own origin and configured ones only", async () => {
    const { user_token } = await login(ctx.url, "agent1")
    expect(await attempt(ctx.url, { auth: { user_token }, origin: ctx.url })).toBe("connected")
    expect(await attempt(ctx.url, { auth: { user_token }, origin: "https://widget.example" })).toBe("connected")
    expect(await attempt(ctx.url, { auth: { user_token }, origin: "https://evil.example" })).toMatch(/^refused/)
    const foreign = await pollFrom(ctx.url, "https://evil.example")
    expect(foreign.status).toBe(403)
    expect(foreign.body).not.toContain("sid")
    expect((await pollFrom(ctx.url, ctx.url)).body).toContain("sid")
  })
})

describe.each(DB_KINDS)("X-Forwarded-Host on a socket handshake on %s", (kind) => {
  // The test's requests come from 127.0.0.1: a proxy on another address is trusted by the first server, not this peer.
  const untrusted = useServer(kind, { config: { trustProxy: ["10.0.0.1", "192.168.0.0/16"] } })
  const trusted = useServer(kind, { config: { trustProxy: ["10.0.0.1", "127.0.0.0/8"] } })
  const forged = { "x-forwarded-host": "evil.example" }

  it("is ignored when the peer is not a trusted proxy, so a foreign page cannot name its own host", async () => {
    const refused = await pollFrom(untrusted.url, "https://evil.example", forged)
    expect(refused.status).toBe(403)
    expect(refused.body).not.toContain("sid")
    // The request's own Host still counts.
    expect((await pollFrom(untrusted.url, untrusted.url, forged)).body).toContain("sid")
  })

  it("is believed from a trusted proxy (the balancer's public host)", async () => {
    const through = await pollFrom(trusted.url, "https://console.example", { "x-forwarded-host": "console.example" })
    expect(through.status).toBe(200)
    expect(through.body).toContain("sid")
    // The nearest proxy's entry is the one believed, not one the client put first.
    const appended = await pollFrom(trusted.url, "https://evil.example", { "x-forwarded-host": "evil.example, console.example" })
    expect(appended.status).toBe(403)
  })
})
