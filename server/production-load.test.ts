/**
 * The operator's production install works, and its start loads production code only. In a temporary copy of the tree
 * (testing/production-start.ts): `npm ci --omit=dev`, a start before the build (refused: run npm run build),
 * `npm run build`, a start without the settings (refused, naming each), then `npm run start:prod` with them while
 * testing/module-trace.mjs records every module it loads: it serves the built console and /healthz, no /dev/* hook,
 * and it loaded nothing under server/dev/ (simulators, fake providers, /dev/* hooks), no test or test helper, and no
 * package that `npm ci --omit=dev` leaves out; its empty database got only the platform and its super admin. And where no provider is connected, production refuses instead of
 * simulating (channels/fallback-channels.ts).
 */
import { randomBytes } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHANNEL_NOT_CONNECTED, notConnectedChannels } from "./channels/fallback-channels"
import type { MessageChannelEvents } from "./channels/message-channel"
import type { VoiceChannelEvents } from "./channels/channel-adapter"
import { chatHubOf } from "./features/chat"
import { as, callOf, login, send } from "./testing/harness"
import { type Installed, installCopy, type Ran } from "./testing/production-start"
import { startTestServer, type TestServer } from "./testing/test-server"

const TRACE_HOOK = "server/testing/module-trace.mjs"
const SETTINGS = ["JWT_SECRET", "PUBLIC_URL", "SMTP_URL", "DATABASE_URL"]
/** The first super admin's password, chosen by the operator (db/seed/platform.ts): never printed. */
const FIRST_ADMIN_PASSWORD = randomBytes(12).toString("hex")

/**
 * Dev-only packages (package-lock `dev: true`) a production start may touch without needing them: `debug` requires
 * `supports-color` (its optional peer) inside a try/catch, and that one requires `has-flag`.
 */
const OPTIONAL_DEV_PACKAGES = new Set(["node_modules/supports-color", "node_modules/has-flag"])

/** The installed package a file belongs to, as package-lock.json names it (`node_modules/a/node_modules/b`). */
const packageOf = (file: string) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]

const noStackTrace = (ran: Ran) => expect(`${ran.stdout}${ran.stderr}`).not.toMatch(/^\s+at /m)

describe("the operator's production install (a temporary copy: npm ci --omit=dev, npm run build, npm run start:prod)", () => {
  let copy: Installed | null = null
  let unbuilt: Ran
  let refused: Ran
  let stopped: Ran
  let files: string[]
  const served: Record<string, { status: number; type: string | null; body: string }> = {}
  const logins: Record<string, number> = {}
  let startOutput = ""

  beforeAll(async () => {
    copy = await installCopy()
    const settings = {
      PORT: "0",
      HOST: "127.0.0.1",
      SIP: "off",
      DATA_DIR: join(copy.dir, "data"),
      JWT_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: "https://console.example.com",
      SMTP_URL: "smtp://127.0.0.1:2525",
      ADMIN_PASSWORD: FIRST_ADMIN_PASSWORD,
    }
    unbuilt = await copy.refusedStart(settings)
    await copy.build()
    refused = await copy.refusedStart({ PORT: "0", SIP: "off" })
    const trace = join(copy.dir, "modules.txt")
    const started = await copy.start({
      ...settings,
      MODULE_TRACE_FILE: trace,
      NODE_OPTIONS: `--import ${join(copy.dir, TRACE_HOOK)}`,
    })
    const fetched = async (path: string, method = "GET") => {
      const response = await fetch(`${started.url}${path}`, { method })
      served[`${method} ${path}`] = { status: response.status, type: response.headers.get("content-type"), body: await response.text() }
    }
    try {
      await fetched("/")
      await fetched("/healthz")
      await fetched("/dev/outbox")
      await fetched("/dev/simulator/messages", "POST")
      await fetched("/dev/graph/v21.0/123/messages", "POST")
      for (const [username, password] of [
        ["superadmin", FIRST_ADMIN_PASSWORD],
        ["admin", "demo1234"],
      ])
        logins[username] = (await send(started.url, callOf("auth", "authUser"), { username, password })).status
      startOutput = started.printed()
    } finally {
      const stopping = performance.now()
      stopped = await started.stop()
      copy.seconds["graceful stop"] = Math.round((performance.now() - stopping) / 100) / 10
    }
    console.log("production install, wall seconds:", JSON.stringify(copy.seconds))
    // The start's own files and packages (npm's, outside the copy, aside).
    const dir = copy.dir
    files = [
      ...new Set(
        readFileSync(trace, "utf8")
          .split("\n")
          .filter((url) => url.startsWith("file:"))
          .map((url) => relative(dir, fileURLToPath(url.split("?")[0]))),
      ),
    ]
      .filter((file) => !file.startsWith(".."))
      .sort()
  }, 600_000)
  afterAll(() => {
    const began = performance.now()
    copy?.remove()
    console.log(`production install: removed the copy in ${Math.round(performance.now() - began)} ms`)
  }, 60_000)

  it("refuses to start before the console is built, saying to run npm run build", () => {
    expect(unbuilt.status).toBe(1)
    expect(unbuilt.stderr).toMatch(/The console is not built .*: run npm run build/)
    noStackTrace(unbuilt)
  })

  it("refuses to start without its settings, naming each on a line of its own", () => {
    expect(refused.status).toBe(1)
    const lines = refused.stderr.split("\n").map((line) => line.trim())
    for (const name of SETTINGS)
      expect(
        lines.filter((line) => line.startsWith(`${name}:`)),
        name,
      ).toHaveLength(1)
    noStackTrace(refused)
  })

  it("serves the built console and /healthz, and no /dev/* hook; stops gracefully", () => {
    expect(served["GET /"]).toMatchObject({ status: 200, body: readFileSync(join(copy!.dir, "dist", "index.html"), "utf8") })
    expect(served["GET /healthz"].status).toBe(200)
    // A GET the server has no route for is the console's page (the SPA fallback), not the mail outbox.
    expect(served["GET /dev/outbox"].type).toMatch(/^text\/html/)
    expect(served["POST /dev/simulator/messages"].status).toBe(404)
    expect(served["POST /dev/graph/v21.0/123/messages"].status).toBe(404)
    // npm itself ends by the signal; the server below it stops gracefully.
    expect(stopped.stdout).toMatch(/\[server\] stopped/)
  })

  it("made only the platform's super admin, from ADMIN_PASSWORD, and no demo world nor its logins", () => {
    expect(logins).toEqual({ superadmin: 200, admin: 401 })
    expect(startOutput).toContain("First start: the super admin is superadmin")
    expect(startOutput).not.toContain(FIRST_ADMIN_PASSWORD)
    expect(startOutput).not.toMatch(/demo1234|agent1/)
  })

  it("loaded the server and its features, and nothing under server/dev/ or server/testing/ but the trace", () => {
    const ours = files.filter((file) => !file.startsWith("node_modules/"))
    // The trace saw the whole start (else an empty list would prove nothing).
    expect(ours).toEqual(
      expect.arrayContaining([
        "scripts/start.ts",
        "server/app.ts",
        "server/production-settings.ts",
        "server/features/load.ts",
        "server/features/chat/chat-hub.ts",
        "server/channels/fallback-channels.ts",
      ]),
    )
    expect(ours.filter((file) => file.startsWith("server/features/")).length).toBeGreaterThan(100)
    expect(ours.filter((file) => file.startsWith("server/dev/"))).toEqual([])
    expect(ours.filter((file) => file.startsWith("server/testing/") && file !== TRACE_HOOK)).toEqual([])
    // The console was not built at start.
    expect(files.filter((file) => file.startsWith("node_modules/vite/") || file === "scripts/console-build.ts")).toEqual([])
  })

  it("loaded no test and no test helper", () => {
    expect(files.filter((file) => !file.startsWith("node_modules/") && /\.(test|spec|testing)\.[cm]?[jt]sx?$/.test(file))).toEqual([])
  })

  it("installed no devDependency, and loaded none, nor any package only they bring", () => {
    const lock = JSON.parse(readFileSync(join(copy!.dir, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>
    }
    const devOnlyInLock = Object.keys(lock.packages).filter((name) => lock.packages[name].dev === true)
    expect(devOnlyInLock).toEqual(
      expect.arrayContaining(["node_modules/vitest", "node_modules/drizzle-kit", "node_modules/@playwright/test"]),
    )
    expect(devOnlyInLock.filter((name) => existsSync(join(copy!.dir, name)))).toEqual([])
    const packages = new Set(files.map(packageOf).filter((name) => name !== undefined))
    expect(packages.has("node_modules/fastify")).toBe(true)
    const devOnly = [...packages].filter((name) => lock.packages[name]?.dev === true && !OPTIONAL_DEV_PACKAGES.has(name))
    expect(devOnly).toEqual([])
  })
})

describe("production's fallback channels refuse", () => {
  const refused = { status: 409, code: CHANNEL_NOT_CONNECTED }

  it("a message to a number without a connected channel, never pretending to send it", async () => {
    const inbound: unknown[] = []
    const events: MessageChannelEvents = {
      inbound: async (message) => {
        inbound.push(message)
        return { conversationId: 1, messageId: 1 }
      },
      status: async () => {},
      typing: async () => {},
    }
    const channel = notConnectedChannels.messages(events)
    await expect(
      channel.send({ clientId: 1, channel: "whatsapp", number: "+905551112233", type: "text", body: "Hi", payload: {} }),
    ).rejects.toMatchObject(refused)
    // A customer writing in (the SMS gateway's inbound path) still reaches the chat; the typing hint is dropped.
    await channel.customerWrites({ clientId: 1, channel: "sms", number: "+905551112233", type: "text", text: "Hi" })
    expect(inbound).toHaveLength(1)
    await expect(channel.typing({ clientId: 1, channel: "whatsapp", number: "+905551112233", state: "typing" })).resolves.toBeUndefined()
    expect(channel.received(1, "whatsapp", "+905551112233")).toEqual([])
  })

  it("a call: the agent's call ends FAILED and the dial is refused; hang-ups have nothing to release", async () => {
    const ended: [string, string | undefined][] = []
    const events: VoiceChannelEvents = {
      incoming: async () => "never",
      status: () => {},
      answered: () => {},
      mediaConnected: () => {},
      ended: (callId, status) => void ended.push([callId, status]),
    }
    const voice = notConnectedChannels.voice(events)
    await expect(voice.dial("wacid.1", "+905551112233", "v=0")).rejects.toMatchObject(refused)
    expect(ended).toEqual([["wacid.1", "FAILED"]])
    await expect(voice.placeCall({ clientId: 1, number: "+905551112233" })).rejects.toMatchObject(refused)
    await expect(voice.hangup("wacid.1")).resolves.toBeUndefined()
    expect(voice.stats("wacid.1")).toBeNull()
  })

  it("a template review and a number check", async () => {
    const templates = notConnectedChannels.templates()
    await expect(templates.review({ clientId: 1, name: "x", language: "en", category: "UTILITY" })).rejects.toMatchObject(refused)
    await expect(templates.onWhatsApp(1, "+905551112233")).rejects.toMatchObject(refused)
  })
})

describe("a production server's calls where no provider is connected", () => {
  let server: TestServer
  let admin: Record<string, string>
  beforeAll(async () => {
    server = await startTestServer({ config: { dev: false } })
    admin = as((await login(server.url, "admin")).user_token)
  })
  afterAll(async () => server?.stop())

  it("an agent's WhatsApp message is refused with the reason, and kept as failed", async () => {
    const number = "+905554440101"
    // The customer writes in through the chat's inbound path (as the SMS gateway's inbound messages do).
    await chatHubOf(server.services).channel.customerWrites({ clientId: 1, channel: "whatsapp", number, type: "text", text: "Hello?" })
    const reply = await send(
      server.url,
      callOf("chat", "messagesSendText"),
      { type: "text", text: { to: [number], message: { text: "Hi" } } },
      admin,
    )
    expect(reply.status).toBe(409)
    expect(reply.body.error).toEqual({
      code: CHANNEL_NOT_CONNECTED,
      message: "This number has no connected channel: connect WhatsApp, Facebook, Instagram or SMS in Channels",
    })
    const rows = await server.services.database.query(
      "SELECT m.status FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN contacts ct ON ct.id = c.contact_id WHERE ct.number = $1 AND m.direction = 'out'",
      [number],
    )
    expect(rows.rows.map((row) => row.status)).toEqual(["failed"])
  })

  it("Check number answers 409 CHANNEL_NOT_CONNECTED", async () => {
    const reply = await send(server.url, callOf("templateTools", "templateNumbersCheck"), { numbers: ["+905551112233"] }, admin)
    expect(reply.status).toBe(409)
    expect(reply.body.error.code).toBe(CHANNEL_NOT_CONNECTED)
  })
})
