/** Test plumbing for the Meta channels: the server's fake Meta (GRAPH_BASE_URL=self), signed webhooks, waiting. */
import { expect } from "vitest"
import { signatureOf } from "../../channels/meta/signature"
import { callOf, devFetch, send } from "../../testing/harness"
import type { TestServer } from "../../testing/test-server"

export const channels = (name: Parameters<typeof callOf<"channels">>[1]) => callOf("channels", name)

/** Posts `raw` (exact bytes) to a webhook URL, signed with `appSecret` (or with the given header). */
export const postSigned = async (url: string, appSecret: string, payload: unknown, signature?: string) => {
  const raw = typeof payload === "string" ? payload : JSON.stringify(payload)
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature ?? signatureOf(appSecret, raw) },
    body: raw,
  })
  return { status: response.status, text: await response.text() }
}

export const dev = async (server: TestServer, path: string, body?: unknown) => {
  const response = await devFetch(server, path, body)
  return { status: response.status, body: (await response.json()) as any }
}

export interface ConnectedNumber {
  readonly phoneNumberId: string
  readonly accessToken: string
  readonly appSecret: string
  readonly webhookUrl: string
  readonly verifyToken: string
  readonly account: Record<string, any>
}

/** A number created in the fake Meta, connected by the tenant of `headers`, with Meta's webhook pointed at us. */
export const connectNumber = async (
  server: TestServer,
  headers: Record<string, string>,
  clientId: number,
  phoneNumberId: string,
  secretSeed: string,
): Promise<ConnectedNumber> => {
  const accessToken = `EAAG${secretSeed}Token${phoneNumberId}`
  const appSecret = `${secretSeed}${"0123456789abcdef".repeat(2)}`.slice(0, 32)
  const created = await dev(server, "/dev/meta/numbers", {
    clientId,
    phone_number_id: phoneNumberId,
    display_number: `+1 555 ${phoneNumberId.slice(-7)}`,
    verified_name: `Shop ${secretSeed}`,
    access_token: accessToken,
    app_secret: appSecret,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const connected = await send(
    server.url,
    channels("onboardingWhatsapp"),
    {
      waba_id: "102290129340398",
      phone_number_id: phoneNumberId,
      display_number: "+15550783881",
      access_token: accessToken,
      app_secret: appSecret,
    },
    headers,
  )
  expect(connected.status, JSON.stringify(connected.body)).toBe(200)
  const account = connected.body.data
  const hooked = await dev(server, "/dev/meta/numbers", {
    clientId,
    phone_number_id: phoneNumberId,
    callback_url: account.webhook_url,
    verify_token: account.verify_token,
  })
  expect(hooked.status, JSON.stringify(hooked.body)).toBe(200)
  return { phoneNumberId, accessToken, appSecret, webhookUrl: account.webhook_url, verifyToken: account.verify_token, account }
}

/** Polls until `check` answers something truthy (or fails after `ms`). */
export const eventually = async <T>(check: () => Promise<T | null | undefined | false>, ms = 5000): Promise<T> => {
  const until = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > until) throw new Error("Timed out waiting")
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * A Facebook login in the fake Meta with one page (and its Instagram account), connected by the tenant of `headers`
 * with Meta's webhook pointed at us, and the page and the Instagram account subscribed.
 */
export const connectPage = async (
  server: TestServer,
  headers: Record<string, string>,
  clientId: number,
  pageId: string,
  instagramId: string,
): Promise<{ appSecret: string; webhookUrl: string }> => {
  const appSecret = `pg${pageId}${"0123456789abcdef".repeat(2)}`.slice(0, 32)
  const login = {
    clientId,
    user_id: `3${pageId}`,
    name: "Page Owner",
    access_token: `EAAGlogin${pageId}`,
    app_secret: appSecret,
    pages: [
      { id: pageId, name: `Page ${pageId}`, access_token: `EAAGpage${pageId}`, instagram: { id: instagramId, username: `ig${pageId}` } },
    ],
  }
  expect((await dev(server, "/dev/meta/logins", login)).status).toBe(200)
  let webhookUrl = ""
  for (const channel of ["onboardingFb", "onboardingInstagram"] as const) {
    const connected = await send(server.url, channels(channel), { access_token: login.access_token, app_secret: appSecret }, headers)
    expect(connected.status, JSON.stringify(connected.body)).toBe(200)
    if (channel === "onboardingFb") {
      const { webhook_url, verify_token } = connected.body.data
      webhookUrl = webhook_url
      expect((await dev(server, "/dev/meta/logins", { ...login, callback_url: webhook_url, verify_token })).status).toBe(200)
    }
  }
  for (const id of [pageId, instagramId]) {
    const chosen = await send(server.url, channels("onboardingFbPages"), { pages: [{ id, name: `Page ${id}` }] }, headers)
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200)
  }
  return { appSecret, webhookUrl }
}
