/**
 * Security suite, the takeover path: the public client token asks for a reset of someone else's
 * account, then the attacker reads the reset link from the development outbox or plays another tenant's customers
 * through the simulator hooks. Every /dev/* hook wants a tenant admin (acting in their own tenant) or the per-start
 * key; a reset link starts with the configured public URL whatever Origin or Host the request claims.
 */
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connect, next } from "../testing/calls-peer"
import { DB_KINDS, as, callOf, devFetch, login, send, useServer } from "../testing/harness"
import { startTestServer, type TestServer } from "../testing/test-server"

const sendEmail = callOf("auth", "sendEmail")
const unassigned = callOf("chat", "agentUnassignedConversations")

const publicToken = async (url: string) => ({
  "client-token": ((await (await fetch(`${url}/console-config.json`)).json()) as { publicClientToken: string }).publicClientToken,
})

const hook = (url: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })

describe.each(DB_KINDS)("the development hooks on %s", (kind) => {
  const ctx = useServer(kind)

  it("answer nobody without a tenant admin's token or the per-start key", async () => {
    const agent = as((await login(ctx.url, "agent1")).user_token)
    const hooks: [string, unknown?][] = [
      ["/dev/outbox"],
      ["/dev/simulator/messages?clientId=1&channel=whatsapp&number=%2B905550009001"],
      ["/dev/simulator/messages", { clientId: 1, channel: "whatsapp", number: "+905550009001", text: "hi" }],
      ["/dev/simulator/typing", { clientId: 1, channel: "whatsapp", number: "+905550009001", state: "typing" }],
      ["/dev/simulator/calls", { clientId: 1, number: "+905550009001" }],
      ["/dev/simulator/calls/x/hangup", {}],
      ["/dev/simulator/calls/x"],
      ["/dev/simulator/messages/x/read", {}],
    ]
    for (const [path, body] of hooks) {
      expect((await hook(ctx.url, path, { body })).status, `${path} without a login`).toBe(401)
      expect((await hook(ctx.url, path, { body, headers: { "x-dev-key": "guess" } })).status, `${path} with a wrong key`).toBe(401)
      expect((await hook(ctx.url, path, { body, headers: agent })).status, `${path} as an agent`).toBe(403)
    }
  })

  it("never give another tenant's reset link: the takeover path is closed", async () => {
    const client = await publicToken(ctx.url)
    expect((await send(ctx.url, sendEmail, { email: "admin@acme.example" }, client)).status).toBe(200)
    expect((await hook(ctx.url, "/dev/outbox")).status).toBe(401)
    // Tenant two's admin sees tenant two's mail only.
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const seen = (await (await hook(ctx.url, "/dev/outbox", { headers: admin2 })).json()) as { data: { items: { to: string }[] } }
    expect(seen.data.items.some((mail) => mail.to === "admin@acme.example")).toBe(false)
    // The per-start key (printed on the server's console) reads it: the owner of the machine.
    const all = (await (await devFetch(ctx.server, "/dev/outbox")).json()) as { data: { items: { to: string }[] } }
    expect(all.data.items.some((mail) => mail.to === "admin@acme.example")).toBe(true)
  })

  it("act in the admin's own tenant whatever clientId the payload names", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const admin2 = as((await login(ctx.url, "admin2")).user_token)
    const number = "+905550009002"
    const written = await hook(ctx.url, "/dev/simulator/messages", {
      body: { clientId: 1, channel: "whatsapp", number, text: "planted by admin2" },
      headers: admin2,
    })
    expect(written.status).toBe(200)
    const inbox = async (h: Record<string, string>) =>
      JSON.stringify((await send(ctx.url, unassigned, { search: number.slice(1) }, h)).body).includes(number)
    expect(await inbox(admin)).toBe(false)
    expect(await inbox(admin2)).toBe(true)
    // A customer of tenant one: its phone and its calls stay out of admin2's reach.
    const own = await devFetch(ctx.server, "/dev/simulator/messages", { clientId: 1, channel: "whatsapp", number, text: "tenant one" })
    expect(own.status).toBe(200)
    // An online agent of tenant one: a call nobody can take is missed at once and is no longer there to reach.
    const agent = await connect(ctx.url, (await login(ctx.url, "agent1")).user_token)
    try {
      const [, response] = await Promise.all([
        next(agent, "call-is-coming", (p: { callerNumber: string }) => p.callerNumber === number),
        devFetch(ctx.server, "/dev/simulator/calls", { clientId: 1, number }),
      ])
      const placed = (await response.json()) as { data: { callId: string } }
      expect((await hook(ctx.url, `/dev/simulator/calls/${placed.data.callId}`, { headers: admin2 })).status).toBe(404)
      expect((await hook(ctx.url, `/dev/simulator/calls/${placed.data.callId}/hangup`, { body: {}, headers: admin2 })).status).toBe(404)
      expect((await hook(ctx.url, `/dev/simulator/calls/${placed.data.callId}`, { headers: admin })).status).toBe(200)
      expect((await hook(ctx.url, `/dev/simulator/calls/${placed.data.callId}/hangup`, { body: {}, headers: admin })).status).toBe(200)
    } finally {
      agent.close()
    }
  })
})

/** Sends sendEmail with a forged Origin and Host (node:http: fetch may not set Host). */
const forgedSendEmail = (server: TestServer, token: Record<string, string>, email: string) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ email })
    const req = request(
      `${server.url}/api${sendEmail.path}`,
      {
        method: "POST",
        headers: { ...token, "content-type": "application/json", origin: "https://evil.example", host: "evil.example" },
      },
      (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      },
    )
    req.on("error", reject)
    req.end(body)
  })

const resetLinkTo = async (server: TestServer, email: string) => {
  const outbox = (await (await devFetch(server, "/dev/outbox")).json()) as { data: { items: { to: string; meta: { link: string } }[] } }
  return outbox.data.items.find((mail) => mail.to === email)?.meta.link ?? ""
}

describe("reset links", () => {
  let plain: TestServer
  let configured: TestServer
  beforeAll(async () => {
    plain = await startTestServer()
    configured = await startTestServer({ config: { publicUrl: () => "https://console.acme.example" } })
  })
  afterAll(async () => {
    await plain?.stop()
    await configured?.stop()
  })

  it("start with the public URL (default: the listening address), never the request's Origin or Host", async () => {
    expect(await forgedSendEmail(plain, await publicToken(plain.url), "agent1@acme.example")).toBe(200)
    expect(await resetLinkTo(plain, "agent1@acme.example")).toMatch(new RegExp(`^${plain.url}/pages/auth/reset-password\\?token=`))
    expect(await forgedSendEmail(configured, await publicToken(configured.url), "agent1@acme.example")).toBe(200)
    expect(await resetLinkTo(configured, "agent1@acme.example")).toMatch(
      /^https:\/\/console\.acme\.example\/pages\/auth\/reset-password\?token=/,
    )
  })
})
