/** OTP on both databases: providers, users, sending over the simulator SMSC, verifying, logging in, tenant isolation. */
import { describe, expect, it } from "vitest"
import { as, callOf, DB_KINDS, login, send, shaped, useServer } from "../../testing/harness"
import { smscMessages } from "../sms/sms.testing"
import { FAILURES_PER_ADDRESS } from "./address-failures"
import { codeAtPhone, otp, otpWorld, sendCode, setSettings, verifyCode } from "./otp.testing"

describe.each(DB_KINDS)("OTP on %s", (kind) => {
  // Requests through the loopback may name their address (X-Forwarded-For): the tests play a stranger's address.
  const ctx = useServer(kind, { config: { credentialRatePerMinute: 10_000, trustProxy: ["127.0.0.0/8"] } })

  it("sends a code by SMS, logs in with it, and shows the code in the log only once used", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0 })
    const sent = await sendCode(server)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const body = shaped(otp("authSendOtp"), sent.body).data
    expect(body.sent_to).toMatch(/^\+90•••••\d{4}$/)
    expect(body.tries).toBe(5)
    const code = await codeAtPhone(server, world.number)
    expect(code).toMatch(/^\d{6}$/)
    const logsWhileLive = await send(
      server.url,
      otp("otpLogs"),
      { clientId: 1, limit: 5, page: 1, startDate: "2000-01-01", endDate: "2100-01-01" },
      world.admin,
    )
    const liveRow = logsWhileLive.body.logs.data.find((r: { id: number }) => r.id === body.otp_id)
    expect(liveRow.otp_code).toBe("••••")
    const verified = await verifyCode(server, body.otp_key, code)
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    const answer = shaped(otp("authVerifyOtp"), verified.body).data
    expect(answer.verified).toBe(true)
    expect(answer.login.user_data.id).toBe(world.agentId)
    // The session works: the agent's token reaches an agent's call.
    const me = await send(server.url, callOf("auth", "clientSettings"), {}, as(answer.login.user_token))
    expect(me.status).toBe(200)
    const again = await verifyCode(server, body.otp_key, code)
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe("OTP_USED")
    const logs = await send(
      server.url,
      otp("otpLogs"),
      { clientId: 1, limit: 5, page: 1, startDate: "2000-01-01", endDate: "2100-01-01" },
      world.admin,
    )
    expect(logs.body.logs.data.find((r: { id: number }) => r.id === body.otp_id).otp_code).toBe(code)
  })

  it("kills a code after five wrong tries, saying so on the sixth", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0, max_tries: 5 })
    const before = (await smscMessages(server, world.number)).length
    const sent = await sendCode(server)
    const code = await codeAtPhone(server, world.number, before)
    const wrong = code === "000000" ? "111111" : "000000"
    for (const left of [4, 3, 2, 1]) {
      const reply = await verifyCode(server, sent.body.data.otp_key, wrong)
      expect(reply.status).toBe(401)
      expect(reply.body.error).toMatchObject({
        code: "OTP_WRONG_CODE",
        message: `Wrong code. ${left} ${left === 1 ? "try" : "tries"} left.`,
      })
    }
    const fifth = await verifyCode(server, sent.body.data.otp_key, wrong)
    expect(fifth.status).toBe(410)
    expect(fifth.body.error.code).toBe("OTP_DEAD")
    const sixth = await verifyCode(server, sent.body.data.otp_key, code)
    expect(sixth.status).toBe(410)
    expect(sixth.body.error).toMatchObject({ code: "OTP_DEAD", message: "This code is no longer valid, ask for a new one" })
  })

  it("lets no stranger name, guess or kill another user's live code; the stranger's address runs out of failures", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0, max_tries: 3 })
    const before = (await smscMessages(server, world.number)).length
    const sent = shaped(otp("authSendOtp"), (await sendCode(server)).body).data
    const code = await codeAtPhone(server, world.number, before)
    const wrong = code === "000000" ? "111111" : "000000"
    const stranger = { "x-forwarded-for": "203.0.113.7" }
    const strangerVerifies = (payload: Record<string, unknown>) => send(server.url, otp("authVerifyOtp"), payload, stranger)
    // The row id (sequential, shown in the OTP Logs) names no code.
    for (let i = 0; i < 3; i++) expect((await strangerVerifies({ otp_id: sent.otp_id, otp_code: wrong })).status).toBe(400)
    expect(sent.otp_key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    // Guessed keys are unknown, and each counts against the stranger's address, until it may verify nothing.
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      const guess = await strangerVerifies({ otp_key: `guessed-key-${String(i).padStart(8, "0")}`, otp_code: wrong })
      expect(guess.body.error.code).toBe("OTP_UNKNOWN_CODE")
    }
    const locked = await strangerVerifies({ otp_key: sent.otp_key, otp_code: code })
    expect([locked.status, locked.body.error.code]).toEqual([429, "OTP_TOO_MANY_FAILURES"])
    // The user's code is still live, with all its tries, and logs them in.
    const mine = await verifyCode(server, sent.otp_key, code)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.data.attempts_left).toBe(3)
  })

  it("refuses an unknown user, a switched-off login and another tenant's rows", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    const unknown = await sendCode(server, "nobody-here")
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe("OTP_UNKNOWN_USER")
    await setSettings(server, world.admin, { enabled: false })
    const off = await sendCode(server)
    expect(off.status).toBe(403)
    expect(off.body.error.code).toBe("OTP_DISABLED")
    await setSettings(server, world.admin, { enabled: true })
    // Tenant two sees none of tenant one's providers and users, and cannot touch them.
    const list = await send(server.url, otp("getClientWiseUsersOtp"), {}, world.admin2)
    expect(list.body.data.items.some((u: { id: number }) => u.id === world.otpUserId)).toBe(false)
    expect((await send(server.url, otp("getUsersOtpById"), { id: world.otpUserId }, world.admin2)).status).toBe(404)
    expect((await send(server.url, otp("usersOtpRemoveById"), { id: world.otpUserId }, world.admin2)).status).toBe(404)
    expect((await send(server.url, otp("updateOtpProvider"), { id: world.providerId, name: "Mine" }, world.admin2)).status).toBe(404)
    const providers = await send(server.url, otp("fetchOtpProviders"), {}, world.admin2)
    expect(providers.body.data.items.some((p: { id: number }) => p.id === world.providerId)).toBe(false)
    // The API key is never answered in clear.
    const mine = await send(server.url, otp("fetchOtpProviders"), { limit: 100 }, world.admin)
    const provider = mine.body.data.items.find((p: { id: number }) => p.id === world.providerId)
    expect(provider.api_key_hint).toBe("••••56")
    expect(JSON.stringify(mine.body)).not.toContain("key-123456")
    const admin2Id = (await login(server.url, "admin2")).user_data.id
    expect((await send(server.url, otp("usersOtpById"), { id: admin2Id, number: "+905550000000" }, world.admin)).status).toBe(404)
  })
})
