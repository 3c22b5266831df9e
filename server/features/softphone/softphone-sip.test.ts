/**
 * The softphone's SIP server end to end, without a browser: the API server issues per-user ephemeral credentials
 * (onboarding.getCallSetting) and a real Kamailio accepts them only for the user's own extension, only until
 * they expire. sip.js runs in Node over `ws`. The transfer targets (pbx.listPbxExtensions): the tenant's other
 * softphone users, registered as Kamailio's location table says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { randomUUID } from "node:crypto"
import { freePort } from "../../sip/daemon"
import { startKamailio, kamailioSkipReason, type Kamailio } from "../../sip/kamailio"
import { startTestServer, type TestServer } from "../../testing/test-server"
import { ephemeralPassword } from "./sip-credentials"
import { as, callOf, login, send } from "../../testing/harness"

;(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket
const SIP = await import("sip.js")

const SECRET = "c2VjcmV0LWZvci10ZXN0cw=="
interface Creds {
  ws_url: string
  domain: string
  extension: string
  username: string
  password: string
  expires_at: number
}

/** Registers `aor` with the given credentials; resolves with the outcome ("registered" or the SIP status). */
const register = async (wsUrl: string, domain: string, aor: string, username: string, password: string) => {
  const { outcome, ua } = await registerOpen(wsUrl, domain, aor, username, password)
  await ua.stop()
  return outcome
}

/** Registers like a page does (RFC 5626 instance id when given) and leaves the user agent running, like a page that is reloaded without unregistering. */
const registerOpen = async (wsUrl: string, domain: string, aor: string, username: string, password: string, instanceId?: string) => {
  const ua = new SIP.UserAgent({
    uri: SIP.UserAgent.makeURI(`sip:${aor}@${domain}`),
    transportOptions: { server: wsUrl },
    authorizationUsername: username,
    authorizationPassword: password,
    logLevel: "error",
    ...(instanceId ? { instanceId } : {}),
  })
  await ua.start()
  const registerer = new SIP.Registerer(ua, instanceId ? { regId: 1 } : {})
  const outcome = await new Promise<string>((resolve) => {
    registerer.stateChange.addListener((state) => {
      if (state === SIP.RegistererState.Registered) resolve("registered")
    })
    void registerer.register({
      requestDelegate: {
        onReject: (response) => resolve(String(response.message.statusCode)),
      },
    })
    setTimeout(() => resolve("timeout"), 5000)
  })
  return { outcome, ua }
}

describe.skipIf(kamailioSkipReason() !== null)("PBX softphone credentials against Kamailio", () => {
  let kamailio: Kamailio
  let server: TestServer
  beforeAll(async () => {
    kamailio = await startKamailio({ port: await freePort(), secret: SECRET })
    server = await startTestServer({
      config: {
        sip: {
          secret: SECRET,
          domain: kamailio.domain,
          wsUrl: null,
          wsPort: kamailio.port,
          controlUrl: kamailio.controlUrl,
          ttlSeconds: 600,
        },
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await kamailio?.stop()
  })

  const credsOf = async (username: string): Promise<Creds | null> => {
    const session = await login(server.url, username)
    const reply = await send(server.url, callOf("onboarding", "getCallSetting"), {}, as(session.user_token))
    expect(reply.status).toBe(200)
    return (reply.body as { data: { sip: Creds | null } }).data.sip
  }

  it("issues agent1 credentials for their own extension, and Kamailio registers them", async () => {
    const creds = (await credsOf("agent1"))!
    expect(creds.ws_url).toBe(`ws://127.0.0.1:${kamailio.port}`)
    expect(creds.username).toBe(`${creds.expires_at}:${creds.extension}`)
    const started = performance.now()
    expect(await register(creds.ws_url, creds.domain, creds.extension, creds.username, creds.password)).toBe("registered")
    console.log(`registration (connect + challenge + REGISTER): ${(performance.now() - started).toFixed(0)} ms`)
  })

  it("refuses another extension with agent1's credentials (403)", async () => {
    const creds = (await credsOf("agent1"))!
    const other = String(Number(creds.extension) + 1)
    expect(await register(creds.ws_url, creds.domain, other, creds.username, creds.password)).toBe("403")
  })

  it("refuses a wrong password and expired credentials (challenged again: 401)", async () => {
    const creds = (await credsOf("agent1"))!
    expect(await register(creds.ws_url, creds.domain, creds.extension, creds.username, "bm90LXRoZS1wYXNzd29yZA==")).toBe("401")
    const expired = `${Math.floor(Date.now() / 1000) - 10}:${creds.extension}`
    expect(await register(creds.ws_url, creds.domain, creds.extension, expired, ephemeralPassword(SECRET, expired))).toBe("401")
  })

  it("seven reloads of one tab (same +sip.instance, no unregister) all register; a sixth tab gets one clean 503", async () => {
    const creds = (await credsOf("agent1"))!
    const open: { stop: () => Promise<unknown> }[] = []
    try {
      const tab = randomUUID()
      for (let reload = 0; reload < 7; reload++) {
        const { outcome, ua } = await registerOpen(creds.ws_url, creds.domain, creds.extension, creds.username, creds.password, tab)
        open.push(ua)
        expect(outcome, `reload ${reload + 1}`).toBe("registered")
      }
      // Four more tabs fill the five contacts the registrar keeps per extension; the next one is refused once, with 503.
      for (let tabs = 2; tabs <= 5; tabs++) {
        const { outcome, ua } = await registerOpen(
          creds.ws_url,
          creds.domain,
          creds.extension,
          creds.username,
          creds.password,
          randomUUID(),
        )
        open.push(ua)
        expect(outcome, `tab ${tabs}`).toBe("registered")
      }
      const { outcome, ua } = await registerOpen(creds.ws_url, creds.domain, creds.extension, creds.username, creds.password, randomUUID())
      open.push(ua)
      expect(outcome).toBe("503")
    } finally {
      await Promise.all(open.map((ua) => ua.stop()))
    }
  })

  it("gives no credentials to agent2, who may not open /apps/pbxcalls", async () => {
    expect(await credsOf("agent2")).toBeNull()
    expect(await credsOf("admin")).not.toBeNull()
  })

  const listFor = (token: string) => send(server.url, callOf("pbx", "listPbxExtensions"), {}, as(token))
  const extensionsOf = async (username: string) => listFor((await login(server.url, username)).user_token)
  type Listed = { extension: string; name: string; registered: boolean }

  it("lists the tenant's other softphone users as transfer targets, registered while they hold a live contact", async () => {
    const admin = (await credsOf("admin"))!
    const agent1 = (await credsOf("agent1"))!
    const before = (await extensionsOf("agent1")).body as { data: Listed[] }
    // agent1 itself is left out, agent2 (no softphone) and the other tenant's users are not there.
    expect(before.data.map((row) => row.extension)).toEqual([admin.extension])
    expect(before.data[0]).toMatchObject({ registered: false })
    expect(before.data[0].name).not.toBe("")
    const { outcome, ua } = await registerOpen(admin.ws_url, admin.domain, admin.extension, admin.username, admin.password)
    try {
      expect(outcome).toBe("registered")
      const after = (await extensionsOf("agent1")).body as { data: Listed[] }
      expect(after.data).toEqual([{ ...before.data[0], registered: true }])
      // The admin sees agent1, not registered now, and not itself.
      const seen = ((await extensionsOf("admin")).body as { data: Listed[] }).data
      expect(seen.map((row) => [row.extension, row.registered])).toEqual([[agent1.extension, false]])
      // Another tenant's admin sees neither of them.
      const other = ((await extensionsOf("admin2")).body as { data: Listed[] }).data
      expect(other.map((row) => row.extension)).not.toContain(admin.extension)
      expect(other.map((row) => row.extension)).not.toContain(agent1.extension)
      // The admin's tab is closed without unregistering: its connection drops. Kamailio keeps the contact a while,
      // marked deleted; the admin is no longer listed as registered.
      const agent1Token = (await login(server.url, "agent1")).user_token
      await ua.transport.disconnect()
      await expect
        .poll(async () => ((await listFor(agent1Token)).body as { data: Listed[] }).data[0].registered, { timeout: 15_000 })
        .toBe(false)
    } finally {
      await ua.stop().catch(() => undefined)
    }
  })

  it("refuses the transfer targets to agent2, who may not use the softphone (403)", async () => {
    expect((await extensionsOf("agent2")).status).toBe(403)
  })

  it("answers sip null when the server runs without a SIP server", async () => {
    const bare = await startTestServer()
    try {
      const session = await login(bare.url, "agent1")
      const reply = await send(bare.url, callOf("onboarding", "getCallSetting"), {}, as(session.user_token))
      expect(reply.status).toBe(200)
      expect((reply.body as { data: { sip: unknown; ring_timeout_seconds: number } }).data).toMatchObject({
        sip: null,
        ring_timeout_seconds: 60,
      })
    } finally {
      await bare.stop()
    }
  })
})
