/**
 * TURN for browsers behind NAT: getCallSetting hands every signed-in user a TURN server with time-limited
 * credentials (and the softphone's users the same inside their SIP credentials), and a real coturn relays with them
 * (coturn's own test client allocates a relay and sends through it), but not with a forged or expired credential.
 */
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { coturnMissing, startCoturn, type Coturn } from "../../sip/coturn"
import { freePort } from "../../sip/daemon"
import { startTestServer, type TestServer } from "../../testing/test-server"
import { as, callOf, login, send } from "../../testing/harness"
import { ephemeralPassword } from "./sip-credentials"

const run = promisify(execFile)
const SECRET = "dHVybi1yZWxheS1zZWNyZXQ="
const TURN_SECRET = "dHVybi1zZWNyZXQtZm9yLXRlc3Rz"
interface Ice {
  urls: string[]
  username: string
  credential: string
}

/** coturn's test client: allocates a relay with these credentials and sends 5 packets through it. */
const relays = async (port: number, username: string, credential: string) => {
  const { stdout, stderr } = await run(
    "turnutils_uclient",
    ["-u", username, "-w", credential, "-p", String(port), "-y", "-n", "5", "-m", "1", "-l", "100", "127.0.0.1"],
    {
      timeout: 15_000,
    },
  ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }))
  const output = stdout + stderr
  return /Total lost packets 0 /.test(output) && !/Cannot complete Allocation/.test(output)
}

describe.skipIf(!process.env.REQUIRE_SYSTEM_DEPS && coturnMissing() !== null)("TURN relay credentials against coturn", () => {
  let coturn: Coturn
  let server: TestServer
  beforeAll(async () => {
    coturn = await startCoturn({
      host: "127.0.0.1",
      relayIp: "127.0.0.1",
      port: await freePort(),
      secret: TURN_SECRET,
      realm: "pbx.local",
      relayPortMin: 21000 + Math.floor(Math.random() * 90) * 200,
    })
    server = await startTestServer({
      config: {
        sip: {
          secret: SECRET,
          domain: "pbx.local",
          wsUrl: null,
          wsPort: 5066,
          ttlSeconds: 600,
          turn: { secret: TURN_SECRET, urls: null, port: coturn.port },
        },
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await coturn?.stop()
  })

  const settingOf = async (username: string) => {
    const session = await login(server.url, username)
    const reply = await send(server.url, callOf("onboarding", "getCallSetting"), {}, as(session.user_token))
    expect(reply.status).toBe(200)
    return reply.body.data as { ice_servers: Ice[]; sip: { ice_servers: Ice[]; expires_at: number } | null }
  }

  it("issues a TURN server with time-limited credentials, and coturn relays with them", async () => {
    const setting = await settingOf("agent1")
    expect(setting.ice_servers).toHaveLength(1)
    const [ice] = setting.ice_servers
    expect(ice.urls).toEqual([`turn:127.0.0.1:${coturn.port}?transport=udp`, `turn:127.0.0.1:${coturn.port}?transport=tcp`])
    expect(ice.username).toMatch(/^\d+:\d+$/)
    // The softphone gets the same relay with its SIP credentials, expiring with them.
    expect(setting.sip?.ice_servers).toEqual([ice])
    expect(Number(ice.username.split(":")[0])).toBe(setting.sip?.expires_at)
    expect(await relays(coturn.port, ice.username, ice.credential)).toBe(true)
  })

  it("gives agent2 (no softphone) the relay for voice cards, and coturn refuses forged or expired credentials", async () => {
    const setting = await settingOf("agent2")
    expect(setting.sip).toBeNull()
    expect(setting.ice_servers).toHaveLength(1)
    const [ice] = setting.ice_servers
    expect(await relays(coturn.port, ice.username, "Zm9yZ2VkLXBhc3N3b3Jk")).toBe(false)
    const expired = `${Math.floor(Date.now() / 1000) - 60}:${ice.username.split(":")[1]}`
    expect(await relays(coturn.port, expired, ephemeralPassword(TURN_SECRET, expired))).toBe(false)
  })
})
