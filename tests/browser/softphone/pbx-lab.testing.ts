/**
 * The softphone's test lab: rtpengine (the media gateway), Kamailio and the API server on private ports, agents'
 * pages logged in to /apps/pbxcalls, and SIP phones (baresip, plain RTP or DTLS-SRTP+ICE) with credentials minted
 * from the shared secret, as the server would issue them. Everything it starts stops in `stop()`.
 *
 * Starting a lab costs seconds (its server most of them), so the PBX specs share one per Playwright worker: the
 * `lab` fixture of this file's `test`. A spec that reads the lab's PBX call records from the first call on starts
 * its own with `useLab()`.
 */
import { test as base, expect, type Browser, type Page } from "@playwright/test"
import { kamailioSkipReason, startKamailio, type Kamailio } from "../../../server/sip/kamailio"
import { ngCommand, rtpengineMissing, startRtpengine, type Rtpengine } from "../../../server/sip/rtpengine"
import { baresipMissing, startBaresip, type Baresip, type BaresipOptions } from "../../../server/sip/baresip"
import { freePort } from "../../../server/sip/daemon"
import { KamailioRpcError, kamailioRpc } from "../../../server/sip/kamailio-rpc"
import { coturnMissing, startCoturn, type Coturn } from "../../../server/sip/coturn"
import { startTestServer, type TestServer } from "../../../server/testing/test-server"
import { ephemeralPassword } from "../../../server/features/softphone/sip-credentials"
import { catalogue } from "../../../src/contract/catalogue"
import { browserDist } from "../helpers"

const SECRET = "cGJ4LWJyb3dzZXItdGVzdHM="
const debug = (name: string) => (process.env.PBX_DEBUG ? (line: string) => console.log(`[${name}] ${line}`) : undefined)

export interface Phone {
  page: Page
  extension: string
  registerMs: number
  close: () => Promise<void>
}

export interface Lab {
  readonly server: TestServer
  readonly sipPort: number
  readonly kamailio: () => Kamailio
  readonly stopKamailio: () => Promise<void>
  readonly startKamailio: () => Promise<void>
  /** Logs `username` in, in its own browser context, opens the softphone and waits until it is Registered. */
  readonly openPhone: (browser: Browser, username: string, lang?: string) => Promise<Phone>
  /** Calls the API as `username` (what the console would send), answering the status and the body. */
  readonly api: (username: string, group: string, call: string, body?: unknown) => Promise<{ status: number; body: unknown }>
  /**
   * A registered baresip on `extension`, over `transport` (tcp by default): plain RTP with PCMU by default, or with
   * `media: "webrtc"` DTLS-SRTP and ICE, gathering through the lab's TURN server when it runs one.
   */
  readonly deskPhone: (extension: string, options?: Partial<BaresipOptions> & { transport?: "tcp" | "udp" }) => Promise<Baresip>
  /** rtpengine's "query" of a call it relays (by SIP Call-ID): its legs, their streams and packet counts. */
  readonly mediaQuery: (callId: string) => Promise<Record<string, unknown>>
  /** Forgets what the registered phones answered when asked what media they speak, like phones that never said. */
  readonly forgetPhoneMedia: () => Promise<void>
  readonly stop: () => Promise<void>
}

/** Why the media-gateway specs should be skipped (never under `npm test`, which installs the packages), or null. */
export const gatewaySkipReason = (): string | null =>
  process.env.REQUIRE_SYSTEM_DEPS ? null : (kamailioSkipReason() ?? rtpengineMissing() ?? baresipMissing() ?? coturnMissing())

export const credentialsFor = (extension: string, ttlSeconds = 600) => {
  const authUser = `${Math.floor(Date.now() / 1000) + ttlSeconds}:${extension}`
  return { authUser, authPass: ephemeralPassword(SECRET, authUser) }
}

const TURN_SECRET = "cGJ4LXR1cm4tdGVzdHM="

export const startLab = async (options: { rtpengine?: boolean; turn?: boolean } = {}): Promise<Lab> => {
  const sipPort = await freePort()
  let rtpengine: Rtpengine | null = null
  if (options.rtpengine)
    rtpengine = await startRtpengine({
      mediaIp: "127.0.0.1",
      ngPort: await freePort(),
      portMin: 20000 + Math.floor(Math.random() * 200) * 100,
      log: debug("rtpengine"),
    })
  let coturn: Coturn | null = null
  if (options.turn)
    coturn = await startCoturn({
      host: "127.0.0.1",
      relayIp: "127.0.0.1",
      port: await freePort(),
      secret: TURN_SECRET,
      realm: "pbx.local",
      relayPortMin: 21000 + Math.floor(Math.random() * 90) * 200,
      log: debug("coturn"),
    })
  const kamailioOptions = { port: sipPort, secret: SECRET, rtpengine: rtpengine?.socket, log: debug("kamailio") }
  const rpcOf = (target: Kamailio) => kamailioRpc(target.controlUrl, SECRET, 15_000)
  // A fresh Kamailio's first JSON-RPC answer can take seconds on a busy machine: answered here, not by the server.
  const startedKamailio = async () => {
    const started = await startKamailio(kamailioOptions)
    await rpcOf(started).call("core.version")
    return started
  }
  // The server has published the tenants' extensions to Kamailio (the epoch is set last; it publishes every 30 s).
  // Until then it publishes them inside a softphone's request for its credentials, which stalls the server's one
  // database connection.
  const extensionsPublished = () =>
    expect
      .poll(
        () =>
          rpcOf(kamailio)
            .call("htable.get", ["pbx", "epoch"])
            .then(Boolean, () => false),
        { timeout: 45_000, intervals: [250] },
      )
      .toBe(true)
  let kamailio = await startedKamailio()
  const server = await startTestServer({
    distDir: browserDist(),
    config: {
      sip: {
        secret: SECRET,
        domain: kamailio.domain,
        wsUrl: null,
        wsPort: sipPort,
        controlUrl: kamailio.controlUrl,
        ttlSeconds: 3600,
        turn: coturn ? { secret: TURN_SECRET, urls: null, port: coturn.port } : null,
        rtpengine: rtpengine ? { ngHost: rtpengine.ngHost, ngPort: rtpengine.ngPort, recordingDir: rtpengine.recordingDir } : null,
      },
    },
  })
  await extensionsPublished()
  const phones: Baresip[] = []

  /** The contacts registered for an extension now (a browser tab or a desk phone each); none when Kamailio knows none. */
  const contactsOf = async (extension: string) => {
    const found = await rpcOf(kamailio)
      .call("ul.lookup", ["location", extension])
      .catch((error: unknown) => (error instanceof KamailioRpcError ? null : Promise.reject(error)))
    return ((found as { Contacts?: readonly unknown[] } | null)?.Contacts ?? []).length
  }

  const openPhone = async (browser: Browser, username: string, lang?: string): Promise<Phone> => {
    const context = await browser.newContext()
    await context.addInitScript((language) => {
      ;(window as { __enableSoftphoneTestHooks?: boolean }).__enableSoftphoneTestHooks = true
      if (language) localStorage.setItem("i18nextLng", language)
    }, lang ?? "")
    const page = await context.newPage()
    page.on("pageerror", (error) => console.log(`[${username}] pageerror: ${error.message}`))
    if (process.env.PBX_DEBUG) page.on("console", (message) => console.log(`[${username}] ${message.text()}`))
    await page.goto(`${server.url}/login`)
    await page.fill("#login-username", username)
    await page.fill("#login-password", "demo1234")
    await page.click("[data-testid=login-submit]")
    await page.waitForURL((url) => url.pathname !== "/login")
    const started = Date.now()
    await page.goto(`${server.url}/apps/pbxcalls`)
    await expect(page.locator(".mc-softphone")).toHaveAttribute("data-registration", "registered", { timeout: 15_000 })
    const registerMs = Date.now() - started
    const extension = await page.evaluate(
      () => (window as unknown as { __softphoneTestHooks: { extension: string } }).__softphoneTestHooks.extension,
    )
    // Closed as a tab whose network went (no unregister need reach Kamailio): the next test finds its contact gone.
    const close = async () => {
      const before = await contactsOf(extension)
      await context.close()
      if (before > 0) await expect.poll(() => contactsOf(extension), { timeout: 30_000 }).toBeLessThan(before)
    }
    return { page, extension, registerMs, close }
  }

  /** TURN credentials for a phone, as the server issues them to a user (coturn's use-auth-secret). */
  const iceServerFor = (extension: string) => {
    if (!coturn) return undefined
    const username = `${Math.floor(Date.now() / 1000) + 600}:${extension}`
    return { url: `turn:127.0.0.1:${coturn.port}`, username, password: ephemeralPassword(TURN_SECRET, username) }
  }

  const deskPhone: Lab["deskPhone"] = async (extension, { transport = "tcp", ...rest } = {}) => {
    const phone = await startBaresip({
      iceServer: rest.media === "webrtc" ? iceServerFor(extension) : undefined,
      aor: `sip:${extension}@${kamailio.domain}`,
      ...credentialsFor(extension),
      outbound: `sip:127.0.0.1:${sipPort};transport=${transport}`,
      log: debug(`baresip ${extension}`),
      ...rest,
    })
    phones.push(phone)
    await phone.register()
    return phone
  }

  const api: Lab["api"] = async (username, group, call, body = {}) => {
    const path = (name: string, key: string) =>
      (catalogue as unknown as Record<string, { calls: Record<string, { path: string }> }>)[name].calls[key].path
    const post = (target: string, payload: unknown, token?: string) =>
      fetch(`${server.url}/api${target}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { "user-token": token } : {}) },
        body: JSON.stringify(payload),
      })
    const session = (await (await post(path("auth", "authUser"), { username, password: "demo1234" })).json()) as { user_token: string }
    const reply = await post(path(group, call), body, session.user_token)
    return { status: reply.status, body: await reply.json() }
  }

  return {
    server,
    sipPort,
    api,
    kamailio: () => kamailio,
    stopKamailio: () => kamailio.stop(),
    startKamailio: async () => {
      kamailio = await startedKamailio()
      await extensionsPublished()
    },
    openPhone,
    deskPhone,
    mediaQuery: async (callId) => {
      if (!rtpengine) throw new Error("the lab runs no rtpengine")
      return ngCommand(rtpengine.ngHost, rtpengine.ngPort, { command: "query", "call-id": callId })
    },
    forgetPhoneMedia: async () => {
      await kamailioRpc(kamailio.controlUrl, SECRET).call("htable.flush", ["media"])
    },
    stop: async () => {
      await Promise.all(phones.map((phone) => phone.stop()))
      await server?.stop()
      await kamailio?.stop()
      await rtpengine?.stop()
      await coturn?.stop()
    },
  }
}

/**
 * The PBX specs' `test`, whose worker-scoped `lab` (rtpengine and TURN when installed) is started by the first test of
 * a worker that asks for it and stopped with the worker. Specs sharing it use desk phones on extensions of their own,
 * end their calls, and leave the tenant's call records to `useLab()` specs.
 */
export const test = base.extend<object, { lab: Lab }>({
  lab: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const lab = await startLab({ rtpengine: rtpengineMissing() === null, turn: coturnMissing() === null })
      await use(lab)
      await lab.stop()
    },
    { scope: "worker", timeout: 120_000 },
  ],
})

/** A lab of the spec file's own, started before its first test and stopped after its last. */
export const useLab = (options: Parameters<typeof startLab>[0] = {}): Lab => {
  let lab: Lab | undefined
  base.beforeAll(async () => {
    lab = await startLab(options)
  })
  base.afterAll(async () => {
    await lab?.stop()
  })
  return new Proxy({} as Lab, {
    get: (_, key) => {
      if (!lab) throw new Error("the lab is used before it started")
      return Reflect.get(lab, key)
    },
  })
}

/**
 * The customer's phone calls the agent, whose softphone rings (showing `caller` when given) and answers; each hears
 * the other.
 */
export const customerCalls = async (agent: Phone, customer: Baresip, caller?: string) => {
  const since = Date.now()
  const established = customer.next("CALL_ESTABLISHED")
  await customer.command("dial", `sip:${agent.extension}@pbx.local`)
  await expect(card(agent.page)).toHaveAttribute("data-phase", "incoming")
  if (caller) await expect(agent.page.locator("[data-testid=softphone-status]")).toHaveText(`Incoming call from ${caller}`)
  await agent.page.click("[data-testid=softphone-answer]")
  await established
  await expect(card(agent.page)).toHaveAttribute("data-phase", "active")
  await hearEachOther(agent, customer, since)
}

/**
 * The agent's browser and the phone hear each other on this call: the browser the phone's tone, the phone Chromium's
 * fake microphone (it beeps). `since`: when the call began (what the phone recorded before is left out).
 */
export const hearEachOther = async (agent: Phone, phone: Baresip, since: number) => {
  await expect.poll(() => bytesReceived(agent.page), { timeout: 5_000 }).toBeGreaterThan(2000)
  await expect.poll(() => phone.heardPeak(since), { timeout: 5_000 }).toBeGreaterThan(1000)
}

/** The softphone's call timer in seconds ("mm:ss"). */
export const timerSeconds = async (page: Page) => {
  const [mm, ss] = ((await page.locator("[data-testid=softphone-timer]").textContent()) ?? "").split(":").map(Number)
  return mm * 60 + ss
}

/** The call goes on until the page's call timer shows `seconds` (read every quarter second). */
export const talkFor = (page: Page, seconds: number) =>
  expect.poll(() => timerSeconds(page), { timeout: seconds * 1000 + 5_000, intervals: [250] }).toBeGreaterThanOrEqual(seconds)

/** The ICE servers the current call's RTCPeerConnection was configured with. */
export const iceServersOfCall = (page: Page) =>
  page.evaluate(() => {
    const pc = (
      window as unknown as { __softphoneTestHooks: { peerConnection: () => RTCPeerConnection | null } }
    ).__softphoneTestHooks.peerConnection()
    return (pc?.getConfiguration().iceServers ?? []).map((server) => ({ urls: server.urls, username: server.username }))
  })

export const card = (page: Page) => page.locator(".mc-softphone")

/** Audio bytes received so far on the current call's RTCPeerConnection (through the test hook). */
export const bytesReceived = (page: Page) =>
  page.evaluate(async () => {
    const pc = (
      window as unknown as { __softphoneTestHooks: { peerConnection: () => RTCPeerConnection | null } }
    ).__softphoneTestHooks.peerConnection()
    if (!pc) return -1
    let total = 0
    ;(await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === "inbound-rtp" && report.kind === "audio") total += report.bytesReceived ?? 0
    })
    return total
  })
