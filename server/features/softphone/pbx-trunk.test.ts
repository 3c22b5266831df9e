/**
 * The tenant's SIP trunk: the setting (checked, tenant-scoped, never reading the password back) on both databases,
 * and the path through a real Kamailio to the simulator's test trunk (a baresip carrier on 127.0.0.2): a phone of the
 * tenant dials an E.164 number that reaches the carrier in its format with the tenant's caller id, and the carrier's
 * call to the tenant's number rings the tenant's phone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startKamailio, kamailioSkipReason, type Kamailio } from "../../sip/kamailio"
import { baresipMissing, startBaresip, type Baresip } from "../../sip/baresip"
import { freePort } from "../../sip/daemon"
import { startTestTrunk, type TestTrunk } from "../../sip/test-trunk"
import { startTestServer, type TestServer } from "../../testing/test-server"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"
import { ephemeralPassword, extensionOf } from "./sip-credentials"

const trunkInput = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  host: "127.0.0.2",
  port: 5060,
  transport: "udp",
  auth: "ip",
  username: "",
  password: "",
  number_format: "e164",
  country_code: "",
  national_prefix: "",
  international_prefix: "",
  caller_id: "+4930555000",
  inbound_numbers: ["+4930555001"],
  ring_user_ids: [],
  ...overrides,
})

describe.each(DB_KINDS)("the PBX trunk setting (%s)", (kind) => {
  const api = useServer(kind)
  const save = async (username: string, input: Record<string, unknown>) =>
    send(api.url, callOf("pbx", "setPbxTrunk"), input, as((await login(api.url, username)).user_token))
  const read = async (username: string) => send(api.url, callOf("pbx", "getPbxTrunk"), {}, as((await login(api.url, username)).user_token))

  it("is saved and read back without the password, and only by its own tenant", async () => {
    expect((await read("admin")).body).toEqual({ data: null })
    const saved = await save("admin", trunkInput({ auth: "digest", username: "tenant1", password: "s3cret!" }))
    expect(saved.status).toBe(200)
    const got = (await read("admin")).body as { data: Record<string, unknown> }
    expect(got.data).toMatchObject({ host: "127.0.0.2", auth: "digest", username: "tenant1", password_set: true })
    expect(JSON.stringify(got)).not.toContain("s3cret!")
    // Saving again with an empty password keeps the stored one.
    expect((await save("admin", trunkInput({ auth: "digest", username: "tenant1", caller_id: "+4930555009" }))).status).toBe(200)
    expect(((await read("admin")).body as { data: Record<string, unknown> }).data).toMatchObject({
      caller_id: "+4930555009",
      password_set: true,
    })
    expect((await read("admin2")).body).toEqual({ data: null })
  })

  it("refuses what cannot work with a clear 4xx and keeps the stored trunk", async () => {
    await save("admin", trunkInput())
    expect((await save("admin", trunkInput({ auth: "digest", username: "" }))).status).toBe(400)
    expect((await save("admin", trunkInput({ number_format: "national", country_code: "" }))).status).toBe(400)
    expect((await save("admin", trunkInput({ caller_id: "030555000" }))).status).toBe(400)
    expect((await save("admin", trunkInput({ inbound_numbers: ["+4930555001", "+4930555001"] }))).status).toBe(400)
    // Another tenant's number, another tenant's user.
    const taken = await save("admin2", trunkInput({ inbound_numbers: ["+4930555001"] }))
    expect(taken.status).toBe(409)
    const stranger = (await login(api.url, "admin2")).user_data.id
    expect((await save("admin", trunkInput({ ring_user_ids: [stranger] }))).status).toBe(400)
    expect(((await read("admin")).body as { data: Record<string, unknown> }).data).toMatchObject({ inbound_numbers: ["+4930555001"] })
    // An agent without the settings permission may not change it.
    expect((await save("agent2", trunkInput())).status).toBe(403)
  })
})

const SECRET = "cGJ4LXRydW5rLXRlc3Rz"
const credentialsFor = (extension: string) => {
  const authUser = `${Math.floor(Date.now() / 1000) + 600}:${extension}`
  return { authUser, authPass: ephemeralPassword(SECRET, authUser) }
}

describe.skipIf(kamailioSkipReason() !== null || baresipMissing() !== null)("calls through the trunk (Kamailio, baresip carrier)", () => {
  let kamailio: Kamailio
  let server: TestServer
  let carrier: TestTrunk
  let adminToken: string
  let tenant: number
  let adminId: number
  let otherTenantUserId: number
  let agentExtension: string
  const phones: Baresip[] = []

  const deskPhone = async (extension: string) => {
    const phone = await startBaresip({
      aor: `sip:${extension}@${kamailio.domain}`,
      ...credentialsFor(extension),
      outbound: `sip:127.0.0.1:${kamailio.port};transport=udp`,
    })
    phones.push(phone)
    await phone.register()
    return phone
  }
  const setTrunk = async (overrides: Record<string, unknown>) => {
    const input = trunkInput({ port: carrier.port, ...overrides })
    const reply = await send(server.url, callOf("pbx", "setPbxTrunk"), input, as(adminToken))
    expect(reply.status).toBe(200)
    // Published after the commit: wait until Kamailio holds the caller id just saved.
    const rpc = (await import("../../sip/kamailio-rpc")).kamailioRpc(kamailio.controlUrl, SECRET)
    await expect
      .poll(
        async () =>
          ((await rpc.call("htable.get", ["pbx", `cid:${tenant}`]).catch(() => null)) as { item?: { value?: string } } | null)?.item?.value,
      )
      .toBe(overrides.enabled === false ? undefined : (overrides.caller_id ?? "+4930555000"))
  }

  beforeAll(async () => {
    const port = await freePort()
    kamailio = await startKamailio({
      port,
      secret: SECRET,
      log: process.env.PBX_DEBUG ? (line) => console.log(`[kamailio] ${line}`) : undefined,
    })
    server = await startTestServer({
      config: {
        sip: { secret: SECRET, domain: kamailio.domain, wsUrl: null, wsPort: port, controlUrl: kamailio.controlUrl, ttlSeconds: 600 },
      },
    })
    carrier = await startTestTrunk()
    const admin = await login(server.url, "admin")
    adminToken = admin.user_token
    tenant = admin.user_data.client_id
    adminId = admin.user_data.id
    otherTenantUserId = (await login(server.url, "admin2")).user_data.id
    agentExtension = extensionOf((await login(server.url, "agent1")).user_data.id)
  })
  afterAll(async () => {
    await Promise.all(phones.map((phone) => phone.stop()))
    await carrier?.stop()
    await server?.stop()
    await kamailio?.stop()
  })

  it("a dialled E.164 number leaves through the tenant's trunk with its caller id, in the carrier's format", async () => {
    await setTrunk({
      number_format: "national",
      country_code: "49",
      national_prefix: "0",
      international_prefix: "00",
      caller_id: "+4930555111",
    })
    await carrier.subscriber("089123456")
    const desk = await deskPhone(agentExtension)
    const answered = carrier.phone.next("CALL_ESTABLISHED")
    await desk.command("dial", `sip:+4989123456@${kamailio.domain}`)
    // The carrier's subscriber "089123456" (national format) answers; the caller it sees is the tenant's caller id.
    expect((await answered).peeruri).toBe("sip:+4930555111@127.0.0.2")
    await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_ESTABLISHED")
    await expect.poll(() => carrier.phone.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
    const closed = carrier.phone.next("CALL_CLOSED")
    await desk.command("hangup")
    await closed
  })

  it("the carrier's call to the tenant's number rings the tenant's phone; others calling it are challenged", async () => {
    await setTrunk({ caller_id: "+4930555222" })
    const desk = await deskPhone(agentExtension)
    const ringing = desk.next("CALL_INCOMING")
    await carrier.dial("+4930555001", `127.0.0.1:${kamailio.port}`)
    expect((await ringing).peeruri).toBe("sip:carrier@127.0.0.2")
    const established = carrier.phone.next("CALL_ESTABLISHED")
    await desk.command("accept")
    await established
    await expect.poll(() => carrier.phone.heardPeak(), { timeout: 5_000 }).toBeGreaterThan(1000)
    const closed = carrier.phone.next("CALL_CLOSED")
    await desk.command("hangup")
    await closed
    // Someone else (not the carrier's address) calling the number is challenged like any unknown caller.
    const stranger = await startBaresip({ aor: "sip:stranger@127.0.0.1", answer: "auto" })
    phones.push(stranger)
    await stranger.listen()
    const refused = stranger.next("CALL_CLOSED")
    await stranger.command("dial", `sip:+4930555001@127.0.0.1:${kamailio.port};transport=udp`)
    expect((await refused).param).toMatch(/^40[17]/)
  })

  it("a carrier that demands digest authentication gets the tenant's username and password", async () => {
    const guarded = await startTestTrunk({ digest: { username: "tenant1", password: "s3cret!" } })
    try {
      await guarded.subscriber("+4989123456")
      await setTrunk({ port: guarded.port, auth: "digest", username: "tenant1", password: "s3cret!", caller_id: "+4930555333" })
      const desk = await deskPhone(agentExtension)
      const answered = guarded.phone.next("CALL_ESTABLISHED")
      await desk.command("dial", `sip:+4989123456@${kamailio.domain}`)
      expect((await answered).peeruri).toBe("sip:+4930555333@127.0.0.2")
      const closed = guarded.phone.next("CALL_CLOSED")
      await desk.command("hangup")
      await closed
      // A wrong password is refused by the carrier: the caller is told the trunk refused us (not asked to log in).
      await setTrunk({ port: guarded.port, auth: "digest", username: "tenant1", password: "wrong", caller_id: "+4930555334" })
      const refused = desk.next("CALL_CLOSED")
      await desk.command("dial", `sip:+4989123456@${kamailio.domain}`)
      expect((await refused).param).toBe("503 Trunk refused our credentials")
    } finally {
      await guarded.stop()
    }
  })

  it("Kamailio's records of these calls reach the tenant's PBX call list, with who, whom, outcome and duration", async () => {
    const adminExtension = extensionOf(adminId)
    const callee = await deskPhone(adminExtension)
    const desk = await deskPhone(agentExtension)
    // Answered, about 1.5 s long.
    const ringing = callee.next("CALL_INCOMING")
    await desk.command("dial", `sip:${adminExtension}@${kamailio.domain}`)
    await ringing
    await callee.command("accept")
    await expect.poll(() => desk.events.map((event) => event.type)).toContain("CALL_ESTABLISHED")
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const closed = callee.next("CALL_CLOSED")
    await desk.command("hangup")
    await closed
    // Refused by the callee.
    const ringingAgain = callee.next("CALL_INCOMING")
    const refused = desk.next("CALL_CLOSED")
    await desk.command("dial", `sip:${adminExtension}@${kamailio.domain}`)
    await ringingAgain
    await callee.command("hangup")
    await refused
    // The server reads Kamailio's records every 2 s.
    const listed = async () =>
      ((await send(server.url, callOf("pbx", "listPbxCalls"), {}, as(adminToken))).body as { data: { items: Record<string, unknown>[] } })
        .data.items
    await expect.poll(async () => (await listed()).filter((item) => item.direction === "internal").length, { timeout: 6_000 }).toBe(2)
    const items = await listed()
    const internal = items.filter((item) => item.direction === "internal")
    expect(internal[0]).toMatchObject({
      caller: agentExtension,
      callee: adminExtension,
      outcome: "busy",
      sip_code: 486,
      duration_seconds: 0,
    })
    expect(internal[1]).toMatchObject({
      caller: agentExtension,
      callee: adminExtension,
      outcome: "answered",
      callee_name: expect.any(String),
    })
    expect(internal[1].duration_seconds).toBeGreaterThanOrEqual(1)
    expect(internal[1].duration_seconds).toBeLessThanOrEqual(3)
    // The trunk calls of the tests before: out to the carrier, in to the tenant's number (answered by agent1).
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ direction: "outbound", caller: agentExtension, callee: "+4989123456", outcome: "answered" }),
        expect.objectContaining({ direction: "inbound", callee: "+4930555001", outcome: "answered", callee_name: expect.any(String) }),
        expect.objectContaining({ direction: "outbound", outcome: "failed", sip_code: 503 }),
      ]),
    )
  })

  it("a business's Record calls reaches Kamailio as soon as it is saved, and going off is withdrawn", async () => {
    const rpc = (await import("../../sip/kamailio-rpc")).kamailioRpc(kamailio.controlUrl, SECRET)
    const published = async () =>
      ((await rpc.call("htable.get", ["pbx", `rec:${tenant}`]).catch(() => null)) as { item?: { value?: string } } | null)?.item?.value
    const record = async (on: boolean) =>
      expect((await send(server.url, callOf("onboarding", "callSetting"), { record_calls: on }, as(adminToken))).status).toBe(200)
    expect(await published()).toBeUndefined()
    // Well inside the publisher's 30-second round: the save itself publishes.
    await record(true)
    await expect.poll(published, { timeout: 3_000 }).toBe("1")
    await record(false)
    await expect.poll(published, { timeout: 3_000 }).toBeUndefined()
  })

  it("a phone of another tenant cannot reach this tenant's extensions (404), its own tenant's it can", async () => {
    const agentDesk = await deskPhone(agentExtension)
    const stranger = await deskPhone(extensionOf(otherTenantUserId))
    const refused = stranger.next("CALL_CLOSED")
    await stranger.command("dial", `sip:${agentExtension}@${kamailio.domain}`)
    expect((await refused).param).toBe("404 Not Found")
    const colleague = await deskPhone(extensionOf(adminId))
    const ringing = agentDesk.next("CALL_INCOMING")
    await colleague.command("dial", `sip:${agentExtension}@${kamailio.domain}`)
    expect((await ringing).peeruri).toContain(`sip:${extensionOf(adminId)}@`)
    await colleague.command("hangup")
  })

  it("a tenant whose trunk is off cannot dial phone numbers (404 with the reason)", async () => {
    await setTrunk({ enabled: false })
    // A colleague's phone: the agent's extension holds the five contacts the registrar keeps by now.
    const desk = await deskPhone(extensionOf(adminId))
    const closed = desk.next("CALL_CLOSED")
    await desk.command("dial", `sip:+4989123456@${kamailio.domain}`)
    expect((await closed).param).toBe("404 No trunk for phone numbers")
  })
})
