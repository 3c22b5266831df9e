/**
 * Each OTP limit's effect on both databases: the settings (tries, expiry, cooldown, on/off) with the OTP clock moved
 * forward, codes per number, codes per address (@fastify/rate-limit), and the e-mail and WhatsApp channels.
 */
import { afterEach, describe, expect, it } from "vitest"
import { DB_KINDS, devFetch, send, useServer } from "../../testing/harness"
import { smscMessages } from "../sms/sms.testing"
import { shiftOtpClock } from "./clock"
import { codeAtPhone, otp, otpWorld, sendCode, setSettings, verifyCode } from "./otp.testing"
import { SENDS_PER_TARGET, TARGET_WINDOW_MS } from "./send"

describe.each(DB_KINDS)("OTP limits on %s", (kind) => {
  const ctx = useServer(kind, { config: { credentialRatePerMinute: 10_000 } })
  afterEach(() => shiftOtpClock("reset"))

  it("waits out the cooldown, and a new code ends the older one", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 30 })
    const first = await sendCode(server)
    expect(first.status).toBe(200)
    const firstCode = await codeAtPhone(server, world.number)
    const soon = await sendCode(server)
    expect(soon.status).toBe(429)
    expect(soon.body.error.code).toBe("OTP_COOLDOWN")
    shiftOtpClock(31_000)
    const second = await sendCode(server)
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    const old = await verifyCode(server, first.body.data.otp_key, firstCode)
    expect(old.status).toBe(410)
    expect(old.body.error.code).toBe("OTP_EXPIRED")
  })

  it("expires a code after the tenant's lifetime", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0, ttl_seconds: 60 })
    const sent = await sendCode(server)
    expect(Date.parse(sent.body.data.expires_at) - Date.now()).toBeLessThanOrEqual(61_000)
    const code = await codeAtPhone(server, world.number)
    shiftOtpClock(61_000)
    const late = await verifyCode(server, sent.body.data.otp_key, code)
    expect(late.status).toBe(410)
    expect(late.body.error.code).toBe("OTP_EXPIRED")
    await setSettings(server, world.admin, { ttl_seconds: 300 })
  })

  it("gives the tenant's number of tries", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0, max_tries: 2 })
    const sent = await sendCode(server)
    expect(sent.body.data.tries).toBe(2)
    const code = await codeAtPhone(server, world.number)
    const wrong = code === "999999" ? "888888" : "999999"
    expect((await verifyCode(server, sent.body.data.otp_key, wrong)).body.error.message).toBe("Wrong code. 1 try left.")
    expect((await verifyCode(server, sent.body.data.otp_key, wrong)).body.error.code).toBe("OTP_DEAD")
    expect((await verifyCode(server, sent.body.data.otp_key, code)).status).toBe(410)
    await setSettings(server, world.admin, { max_tries: 5 })
  })

  it("sends at most SENDS_PER_TARGET codes to one number in the window", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0 })
    for (let i = 0; i < SENDS_PER_TARGET; i++) expect((await sendCode(server)).status).toBe(200)
    const over = await sendCode(server)
    expect(over.status).toBe(429)
    expect(over.body.error.code).toBe("OTP_TOO_MANY")
    shiftOtpClock(TARGET_WINDOW_MS + 1000)
    expect((await sendCode(server)).status).toBe(200)
  })

  it("sends by e-mail to the outbox and by WhatsApp's authentication template to the phone", async () => {
    const { server } = ctx
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0 })
    const mail = await send(
      server.url,
      otp("addOtpProvider"),
      { name: "Mail codes", email: "codes@acme.example", channel: "email", sender: "ACME" },
      world.admin,
    )
    const wa = await send(
      server.url,
      otp("addOtpProvider"),
      { name: "WA codes", email: "wa@acme.example", channel: "whatsapp", sender: "ACME" },
      world.admin,
    )
    const address = `agent1-${kind}@acme.example`
    const moved = await send(
      server.url,
      otp("usersOtpUpdateById"),
      { id: world.otpUserId, email: address, provider_id: mail.body.data.id },
      world.admin,
    )
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const byMail = await sendCode(server)
    expect(byMail.body.data.sent_to).toBe(`a•••@acme.example`)
    let code = ""
    for (let i = 0; i < 100 && !code; i++) {
      const outbox = (await (await devFetch(server, "/dev/outbox")).json()) as { data: { items: { to: string; body: string }[] } }
      code = /(\d{6}) is your verification code/.exec(outbox.data.items.find((m) => m.to === address)?.body ?? "")?.[1] ?? ""
      if (!code) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect((await verifyCode(server, byMail.body.data.otp_key, code)).status).toBe(200)
    await send(server.url, otp("usersOtpUpdateById"), { id: world.otpUserId, provider_id: wa.body.data.id }, world.admin)
    const byWhatsApp = await sendCode(server)
    expect(byWhatsApp.status).toBe(200)
    let text = ""
    for (let i = 0; i < 100 && !text; i++) {
      const phone = (await (
        await devFetch(server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(world.number)}`)
      ).json()) as { data: { items: { type: string; body?: string; text?: string }[] } }
      const last = phone.data.items.at(-1)
      text = last ? String(last.body ?? last.text ?? "") : ""
      if (!text) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const waCode = /(\d{6}) is your verification code/.exec(text)?.[1] ?? ""
    expect(waCode).toMatch(/^\d{6}$/)
    expect((await verifyCode(server, byWhatsApp.body.data.otp_key, waCode)).status).toBe(200)
    // An SMS provider's sender must be one of the tenant's approved sender names.
    const bad = await send(
      server.url,
      otp("addOtpProvider"),
      { name: "X", email: "x@acme.example", channel: "sms", sender: "NOPE" },
      world.admin,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error.field).toBe("sender")
    // Neither code went by SMS.
    expect(await smscMessages(server, world.number)).toEqual([])
  })
})

describe.each(DB_KINDS)("OTP per address on %s", (kind) => {
  const ctx = useServer(kind, { config: { credentialRatePerMinute: 5 } })

  it("answers 429 once an address used its budget of code calls", async () => {
    for (let i = 0; i < 5; i++) expect((await sendCode(ctx.server, `nobody-${i}`)).status).toBe(404)
    const over = await verifyCode(ctx.server, "an-unknown-code-key", "123456")
    expect(over.status).toBe(429)
    expect(over.body.error.code).toBe("TOO_MANY_REQUESTS")
  })
})
