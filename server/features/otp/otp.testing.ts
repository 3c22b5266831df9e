/** Test plumbing for OTP: tenant one's SMS provider on the simulator SMSC, an OTP provider over it, agent1 enrolled. */
import { expect } from "vitest"
import { as, callOf, devFetch, login, send } from "../../testing/harness"
import type { TestServer } from "../../testing/test-server"
import { smscMessages, smsWorld } from "../sms/sms.testing"

export const otp = (name: Parameters<typeof callOf<"otp">>[1]) => callOf("otp", name)
export const otpSettingsCall = (name: Parameters<typeof callOf<"otpSettings">>[1]) => callOf("otpSettings", name)

export interface OtpWorld {
  readonly admin: Record<string, string>
  readonly admin2: Record<string, string>
  readonly providerId: number
  readonly agentId: number
  readonly otpUserId: number
  readonly number: string
}

let serial = 0

/** An SMS OTP provider over tenant one's approved mask and agent1 enrolled with a fresh number. */
export const otpWorld = async (server: TestServer): Promise<OtpWorld> => {
  serial += 1
  const world = await smsWorld(server, `OTP${serial}`)
  const agentId = (await login(server.url, "agent1")).user_data.id
  const provider = await send(
    server.url,
    otp("addOtpProvider"),
    { name: `Codes ${serial}`, email: "codes@acme.example", channel: "sms", sender: world.mask, api_key: "key-123456" },
    world.admin,
  )
  expect(provider.status, JSON.stringify(provider.body)).toBe(200)
  const number = `+9055500${String(serial).padStart(5, "0")}`
  const existing = await send(server.url, otp("getClientWiseUsersOtp"), { search: "agent1" }, world.admin)
  for (const row of existing.body.data.items) await send(server.url, otp("usersOtpRemoveById"), { id: row.id }, world.admin)
  const enrolled = await send(server.url, otp("usersOtpById"), { id: agentId, number, provider_id: provider.body.data.id }, world.admin)
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200)
  return { admin: world.admin, admin2: world.admin2, providerId: provider.body.data.id, agentId, otpUserId: enrolled.body.data.id, number }
}

export const setSettings = async (server: TestServer, admin: Record<string, string>, change: Record<string, unknown>) => {
  const now = await send(server.url, otpSettingsCall("getOtpSettings"), {}, admin)
  const reply = await send(server.url, otpSettingsCall("updateOtpSettings"), { ...now.body.data, ...change }, admin)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
}

/** The code as the person's phone got it: the newest SMS to `number` at the simulator SMSC. */
export const codeAtPhone = async (server: TestServer, number: string, after = 0): Promise<string> => {
  const until = Date.now() + 10_000
  for (;;) {
    const items = await smscMessages(server, number)
    if (items.length > after) {
      const code = /(\d{4,8}) is your verification code/.exec(items[items.length - 1].text)?.[1]
      if (code) return code
    }
    if (Date.now() > until) throw new Error(`no code reached ${number}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export const sendCode = (server: TestServer, username = "agent1") => send(server.url, otp("authSendOtp"), { username })
export const verifyCode = (server: TestServer, otpKey: string, code: string) =>
  send(server.url, otp("authVerifyOtp"), { otp_key: otpKey, otp_code: code })

export { as, devFetch }
