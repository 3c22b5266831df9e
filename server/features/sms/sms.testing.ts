/** Test plumbing for the SMS feature: a provider on the server's simulator SMSC, tenant one's account and mask. */
import { expect } from "vitest"
import { as, callOf, devFetch, login, send } from "../../testing/harness"
import type { TestServer } from "../../testing/test-server"

export const sms = (name: Parameters<typeof callOf<"sms">>[1]) => callOf("sms", name)

export const smsc = async (server: TestServer, change?: Record<string, unknown>) => {
  const response = await devFetch(server, "/dev/sms/smsc", change)
  expect(response.status).toBe(200)
  return ((await response.json()) as { data: Record<string, unknown> }).data
}

export const smscMessages = async (server: TestServer, to?: string) =>
  (
    (await (await devFetch(server, `/dev/sms/smsc/messages${to ? `?to=${encodeURIComponent(to)}` : ""}`)).json()) as {
      data: {
        items: { messageId: string; from: string; to: string; text: string; ucs2: boolean; concat: number[] | null; answered: boolean }[]
      }
    }
  ).data.items

export interface SmsWorld {
  readonly superadmin: Record<string, string>
  readonly admin: Record<string, string>
  readonly admin2: Record<string, string>
  readonly providerId: number
  readonly accountId: number
  readonly maskId: number
  readonly mask: string
}

/** A provider on the simulator SMSC (rate 0.05 per part), tenant one's account and an approved mask `mask`. */
export const smsWorld = async (server: TestServer, mask = "ACME"): Promise<SmsWorld> => {
  const { port } = await smsc(server)
  const superadmin = as((await login(server.url, "superadmin")).user_token)
  const admin = as((await login(server.url, "admin")).user_token)
  const admin2 = as((await login(server.url, "admin2")).user_token)
  const provider = await send(
    server.url,
    sms("smsProviderAdd"),
    { name: `Simulator ${mask}`, kind: "smpp", host: "127.0.0.1", port, system_id: "acme", secret: "s3cret-pass", window: 10, rate: 0.05 },
    superadmin,
  )
  expect(provider.status, JSON.stringify(provider.body)).toBe(200)
  const account = await send(
    server.url,
    sms("smsClientAdd"),
    { client_id: 1, provider_id: provider.body.data.id, username: "acme-sms", password: "account-pass" },
    superadmin,
  )
  expect(account.status, JSON.stringify(account.body)).toBe(200)
  const asked = await send(server.url, sms("smsClientMaskingAdd"), { sms_client_id: account.body.data.id, mask }, admin)
  expect(asked.status, JSON.stringify(asked.body)).toBe(200)
  const approved = await send(server.url, sms("smsClientMaskingUpdate"), { id: asked.body.data.id, status: "approved" }, superadmin)
  expect(approved.status).toBe(200)
  return { superadmin, admin, admin2, providerId: provider.body.data.id, accountId: account.body.data.id, maskId: asked.body.data.id, mask }
}

/** Polls the report until `done` holds for the batch's rows (or fails after `ms`). */
export const waitForBatch = async (
  server: TestServer,
  headers: Record<string, string>,
  batchId: string,
  done: (items: { status: string; error: string | null; to: string }[]) => boolean,
  ms = 15_000,
) => {
  const until = Date.now() + ms
  for (;;) {
    const reply = await send(server.url, sms("smsMessages"), { batch_id: batchId, limit: 1000 }, headers)
    expect(reply.status).toBe(200)
    if (done(reply.body.data.items)) return reply.body.data
    if (Date.now() > until) throw new Error(`batch ${batchId} never got there: ${JSON.stringify(reply.body.data.items.slice(0, 5))}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
