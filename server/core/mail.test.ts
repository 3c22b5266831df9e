/**
 * Every mail through the one mail path, received by a real SMTP server (Debian's aiosmtpd: testing/smtp-peer.ts) and
 * parsed with mailparser: the password reset, the failed-login notice, a one-time code by e-mail, a business's
 * approval, the MAU report and the notice of a changed e-mail address. Each is well formed, sent from the public
 * domain (From and Message-ID), and every link in it starts with PUBLIC_URL although the requests carry a forged
 * Host, Origin and X-Forwarded-Host (and the server trusts proxies). A mail waits in the job queue while the mail
 * server is away and leaves once it is back.
 */
import { request } from "node:http"
import type { ParsedMail } from "mailparser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { CallDef } from "../../src/contract/call"
import { sql } from "drizzle-orm"
import { registerBusiness } from "../features/businesses/businesses.testing"
import { otp, otpWorld, sendCode, setSettings } from "../features/otp/otp.testing"
import { rowsOf } from "../db/rows"
import { as, callOf, login, send, shaped } from "../testing/harness"
import { startSmtpPeer, type SmtpPeer } from "../testing/smtp-peer"
import { MAIL_JOB } from "./mail"
import { startTestServer, type TestServer } from "../testing/test-server"

const PUBLIC_URL = "https://console.acme.example"
const FORGED = { host: "internal-node-3:8080", origin: "http://internal-node-3:8080", "x-forwarded-host": "evil.example" }

/** A JSON call as the console sends it, with forged Host, Origin and X-Forwarded-Host (node:http: fetch cannot set Host). */
const forged = (server: TestServer, call: CallDef, payload: unknown, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      `${server.url}/api${call.path}`,
      { method: call.method, headers: { ...headers, ...FORGED, "content-type": "application/json" } },
      (res) => {
        let text = ""
        res.on("data", (chunk) => {
          text += String(chunk)
        })
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }))
      },
    )
    req.on("error", reject)
    req.end(JSON.stringify(payload))
  })

const linksIn = (mail: ParsedMail) => [...`${mail.text ?? ""} ${mail.html || ""}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0])

/** Well formed, from the public domain, and every link on the public address. */
const expectWellFormed = (mail: ParsedMail, to: string) => {
  expect((mail.to as { text: string }).text).toBe(to)
  expect(mail.from?.value[0]?.address).toBe("no-reply@console.acme.example")
  expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@console\.acme\.example>$/)
  expect(mail.date).toBeInstanceOf(Date)
  expect(mail.subject?.length).toBeGreaterThan(0)
  for (const link of linksIn(mail)) expect(link.startsWith(`${PUBLIC_URL}/`), link).toBe(true)
  expect(JSON.stringify(mail.headerLines)).not.toMatch(/internal-node-3|evil\.example|localhost/)
}

describe("mail through SMTP", () => {
  let smtp: SmtpPeer
  let server: TestServer
  let publicToken: Record<string, string>
  beforeAll(async () => {
    smtp = await startSmtpPeer()
    server = await startTestServer({
      config: { smtpUrl: smtp.url, publicUrl: () => PUBLIC_URL, trustProxy: true, credentialRatePerMinute: 10_000 },
    })
    const consoleConfig = await (await fetch(`${server.url}/console-config.json`)).json()
    publicToken = { "client-token": consoleConfig.publicClientToken as string }
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  it("sends the password reset, whose link on PUBLIC_URL resets the password", async () => {
    const sent = await forged(server, callOf("auth", "sendEmail"), { email: "agent2@acme.example" }, publicToken)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const [mail] = await smtp.waitFor((m) => m.subject === "Reset your password")
    expectWellFormed(mail, "agent2@acme.example")
    const [link] = linksIn(mail)
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/pages/auth/reset-password\\?token=`))
    const token = new URL(link).searchParams.get("token") ?? ""
    const reset = await send(server.url, callOf("auth", "passwordReset"), { token, password: "via-smtp-1" }, publicToken)
    expect(reset.status).toBe(200)
    await login(server.url, "agent2", "via-smtp-1")
  })

  it("sends the admins the failed-login notice", async () => {
    for (let i = 1; i <= 6; i++)
      // From an address of their own (the server trusts proxies): agent1 still signs in from 127.0.0.1 below.
      expect(
        (
          await forged(
            server,
            callOf("auth", "authUser"),
            { username: "agent1", password: `wrong-${i}` },
            { "x-forwarded-for": "203.0.113.9" },
          )
        ).status,
      ).toBe(401)
    const [mail] = await smtp.waitFor((m) => m.subject === "Failed logins for agent1")
    expectWellFormed(mail, "admin@acme.example")
    expect(mail.text).toContain("6 logins in a row failed")
    expect(mail.text).not.toContain("wrong-")
  })

  it("sends a one-time code by e-mail", async () => {
    const world = await otpWorld(server)
    await setSettings(server, world.admin, { cooldown_seconds: 0 })
    const provider = await send(
      server.url,
      otp("addOtpProvider"),
      { name: "Mail codes", email: "codes@acme.example", channel: "email", sender: "ACME" },
      world.admin,
    )
    const address = "agent1-codes@acme.example"
    const moved = await send(
      server.url,
      otp("usersOtpUpdateById"),
      { id: world.otpUserId, email: address, provider_id: provider.body.data.id },
      world.admin,
    )
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await sendCode(server)).status).toBe(200)
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === address)
    expectWellFormed(mail, address)
    expect(mail.text).toMatch(/\d{6} is your verification code/)
  })

  it("sends the approval with a sign-in link on PUBLIC_URL, whatever Host the reviewer's request carried", async () => {
    const superAdmin = as((await login(server.url, "superadmin")).user_token)
    const { client } = await registerBusiness(server.url)
    const review = callOf("businessReview", "reviewRegistration")
    for (const to of ["in_review", "approved"])
      expect((await forged(server, review, { client_id: client.id, to }, superAdmin)).status).toBe(200)
    const [mail] = await smtp.waitFor((m) => m.subject === `${client.name} is approved`)
    expect(mail.text).toContain(`Sign in at ${PUBLIC_URL}/login with the username`)
    expectWellFormed(mail, (mail.to as { text: string }).text)
  })

  it("gives a page's file links on PUBLIC_URL too, whatever Host the uploader's request carried", async () => {
    const admin = as((await login(server.url, "admin")).user_token)
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])
    const upload = { file_name: "receipt.png", mime_type: "image/png", data_base64: png.toString("base64") }
    const reply = await forged(server, callOf("uploads", "upload"), upload, admin)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.data.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/files/\\d+\\?exp=`))
  })

  it("sends the MAU report with the figures, and refuses a bad address with a 400", async () => {
    const admin = as((await login(server.url, "admin")).user_token)
    const mau = callOf("mau", "messagesMau")
    const figures = shaped(mau, (await send(server.url, mau, {}, admin)).body).data
    const mailMau = callOf("mau", "sendMailMau")
    const reply = await forged(server, mailMau, { month: figures.month, email: "owner@acme.example" }, admin)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === "owner@acme.example")
    expectWellFormed(mail, "owner@acme.example")
    expect(mail.subject).toBe(`Monthly active users, ${figures.month}`)
    expect(mail.text).toContain(`${figures.users} monthly active users, ${figures.conversations} conversations`)
    expect((await send(server.url, mailMau, { month: figures.month, email: "not-an-address" }, admin)).status).toBe(400)
  })

  it("changes a user's own e-mail only with the current password, and tells the old address", async () => {
    const me = await login(server.url, "admin2")
    const oldAddress = (me as unknown as { user: { data: { email: string } } }).user.data.email
    const update = callOf("auth", "authUserUpdate")
    const bare = await send(server.url, update, { email: "admin2@elsewhere.example" }, as(me.user_token))
    expect([bare.status, bare.body.error.field]).toEqual([400, "current_password"])
    const wrong = await send(server.url, update, { email: "admin2@elsewhere.example", current_password: "nope" }, as(me.user_token))
    expect([wrong.status, wrong.body.error.field]).toEqual([400, "current_password"])
    // The same rule on the profile page's call.
    const own = callOf("users", "usersUpdateOwnById")
    const viaProfile = await send(server.url, own, { id: me.user_data.id, email: "admin2@elsewhere.example" }, as(me.user_token))
    expect([viaProfile.status, viaProfile.body.error.field]).toEqual([400, "current_password"])
    const moved = await send(server.url, update, { email: "admin2@elsewhere.example", current_password: "demo1234" }, as(me.user_token))
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.data.user.data.email).toBe("admin2@elsewhere.example")
    const [notice] = await smtp.waitFor((m) => m.subject === "Your e-mail address was changed")
    expectWellFormed(notice, oldAddress)
    expect(notice.text).toContain("admin2@elsewhere.example")
    // Another field alone needs no password.
    expect((await send(server.url, update, { displayName: "Omar A." }, as(me.user_token))).status).toBe(200)
  })

  it("keeps a mail while the mail server is away, delivers it once it is back, and then keeps no copy of it", async () => {
    await smtp.stop()
    const reply = await send(server.url, callOf("auth", "sendEmail"), { email: "agent1@acme.example" }, publicToken)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const attempted = async () =>
      rowsOf(
        await server.services.database.db.execute(
          sql`SELECT attempts, status, payload->>'to' AS "to" FROM jobs WHERE kind = ${MAIL_JOB} AND payload->>'to' = 'agent1@acme.example'`,
        ),
      )
    // The first attempt finds nobody listening: the job is queued again for its retry.
    await expect
      .poll(
        async () => {
          const [job] = await attempted()
          return job && Number(job.attempts) >= 1 ? job.status : "not tried yet"
        },
        { timeout: 10_000 },
      )
      .toBe("queued")
    smtp = await startSmtpPeer(smtp.port)
    const [mail] = await smtp.waitFor((m) => m.subject === "Reset your password", 20_000)
    expectWellFormed(mail, "agent1@acme.example")
    await expect
      .poll(
        async () =>
          rowsOf(
            await server.services.database.db.execute(
              sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${MAIL_JOB} AND payload <> '{}'::jsonb`,
            ),
          )[0].n,
      )
      .toBe(0)
  }, 40_000)
})
