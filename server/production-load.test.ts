/**
 * A production start loads production code only. The real server starts in a child process with NODE_ENV=production
 * (testing/production-start.ts) while testing/module-trace.mjs records every ES module it resolves (CommonJS from
 * require's cache): nothing under server/dev/ (simulators, fake providers, /dev/* hooks), no test or test helper, and
 * no package that `npm ci --omit=dev` leaves out. And where no provider is connected, production refuses instead of
 * simulating (channels/fallback-channels.ts).
 */
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CHANNEL_NOT_CONNECTED, notConnectedChannels } from "./channels/fallback-channels"
import type { MessageChannelEvents } from "./channels/message-channel"
import type { VoiceChannelEvents } from "./channels/channel-adapter"
import { chatHubOf } from "./features/chat"
import { as, callOf, login, send } from "./testing/harness"
import { startTestServer, type TestServer } from "./testing/test-server"

const repo = fileURLToPath(new URL("..", import.meta.url))
const PROBE = "server/testing/production-start.ts"
const TRACE_HOOK = "server/testing/module-trace.mjs"

/**
 * Dev-only packages (package-lock `dev: true`) a production start may touch without needing them: `debug` requires
 * `supports-color` (its optional peer) inside a try/catch, and that one requires `has-flag`.
 */
const OPTIONAL_DEV_PACKAGES = new Set(["node_modules/supports-color", "node_modules/has-flag"])

interface Started {
  readonly files: readonly string[]
  readonly report: Record<string, unknown>
}

/** Runs the production start in a child process: the repository-relative files it loaded, and what it printed. */
const startInProduction = async (): Promise<Started> => {
  const dir = mkdtempSync(join(tmpdir(), "production-load-"))
  const trace = join(dir, "modules.txt")
  // The child is a plain `node`: nothing of this vitest worker's environment (its loader options, NODE_ENV=test).
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && key !== "NODE_OPTIONS"))
  const child = spawn(process.execPath, ["--import", "tsx", "--import", `./${TRACE_HOOK}`, PROBE], {
    cwd: repo,
    env: { ...env, NODE_ENV: "production", MODULE_TRACE_FILE: trace },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stdout = ""
  let stderr = ""
  child.stdout.on("data", (chunk) => (stdout += chunk))
  child.stderr.on("data", (chunk) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
  try {
    if (code !== 0) throw new Error(`The production start exited with ${code}:\n${stderr}\n${stdout}`)
    const report = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as Record<string, unknown> & { commonjs: string[] }
    const esm = readFileSync(trace, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => fileURLToPath(url.split("?")[0]))
    const files = [...new Set([...esm, ...report.commonjs])].map((file) => relative(repo, file)).sort()
    return { files, report }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The installed package a file belongs to, as package-lock.json names it (`node_modules/a/node_modules/b`). */
const packageOf = (file: string) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]

describe("a production start (NODE_ENV=production)", () => {
  let started: Started
  beforeAll(async () => {
    started = await startInProduction()
  }, 180_000)

  it("served as production: no /dev/* hooks", () => {
    expect(started.report).toMatchObject({ dev: false, healthz: 200, simulatorMessages: 404, graph: 404 })
    expect(started.report.outbox).toMatch(/^text\/html/)
  })

  it("loaded the server and its features, and nothing under server/dev/ or server/testing/ but its own entry", () => {
    const ours = started.files.filter((file) => !file.startsWith("node_modules/"))
    // The trace saw the whole start (else an empty list would prove nothing).
    expect(ours).toEqual(
      expect.arrayContaining([
        "server/app.ts",
        "server/features/load.ts",
        "server/features/chat/chat-hub.ts",
        "server/channels/fallback-channels.ts",
      ]),
    )
    expect(ours.filter((file) => file.startsWith("server/features/")).length).toBeGreaterThan(100)
    expect(ours.filter((file) => file.startsWith("server/dev/"))).toEqual([])
    expect(ours.filter((file) => file.startsWith("server/testing/") && file !== PROBE)).toEqual([])
  })

  it("loaded no test and no test helper", () => {
    expect(started.files.filter((file) => !file.startsWith("node_modules/") && /\.(test|spec|testing)\.[cm]?[jt]sx?$/.test(file))).toEqual(
      [],
    )
  })

  it("loaded no devDependency, nor any package only they bring", () => {
    const manifest = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { devDependencies: Record<string, string> }
    const lock = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>
    }
    const packages = new Set(started.files.map(packageOf).filter((name) => name !== undefined))
    expect(packages.has("node_modules/fastify")).toBe(true)
    for (const name of ["vitest", "fast-check", "@playwright/test", ...Object.keys(manifest.devDependencies)])
      expect(packages.has(`node_modules/${name}`), name).toBe(false)
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
