/**
 * The simulator page's customers, for tenants connected to the fake Meta: their messages go in as Meta would send them
 * (signed webhooks through the production adapter and the job queue), not through the built-in simulator.
 */
import { blockedError } from "../../features/chat"
import type { Services } from "../../http/context"
import { ApiError, badRequest } from "../../http/errors"
import type { FakeMeta } from "./fake-meta"
import type { FakeApp } from "./fake-meta-model"
import { startedFakeMetaOf } from "./fake-meta-of"

const PAGE_MEDIA = new Set(["image", "video", "audio", "document"])
const MiB = 1024 * 1024

/** The file behind the simulator page's media link (one of our uploads, or any URL): what the customer's phone uploads. */
const fileOf = async (services: Services, link: string) => {
  const url = /^https?:\/\//.test(link) ? link : `${services.config.publicUrl()}${link}`
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  } catch {
    throw badRequest("The media link could not be read", "link")
  }
  const bytes = Buffer.from(await response.arrayBuffer())
  if (!response.ok || bytes.length === 0 || bytes.length > 100 * MiB) throw badRequest(`The media link answered ${response.status}`, "link")
  return { bytes, mime: (response.headers.get("content-type") ?? "application/octet-stream").split(";")[0].trim() }
}

/**
 * The simulator page's "customer writes" for a tenant whose channel is connected to the fake Meta: the message goes
 * in as Meta would send it (a signed webhook, through the production adapter and the job queue) and the answer waits
 * for it to be stored. A photo, video, audio or document is first uploaded to the fake Meta from its link, so the
 * webhook names a media id and the server fetches the file as from Meta (media-jobs.ts). A Messenger or Instagram
 * customer's text goes to the tenant's subscribed page or account as a signed `page` / `instagram` webhook. Null when
 * the channel is not connected to the fake Meta (the built-in simulator takes it).
 */
export const customerWritesViaMeta = async (
  services: Services,
  input: {
    clientId: number
    channel: string
    number: string
    name?: string
    type: string
    text?: string
    link?: string
    filename?: string
  },
): Promise<{ conversationId: number; messageId: number } | null> => {
  const fake = startedFakeMetaOf(services)
  if (!fake) return null
  if (input.channel === "facebook" || input.channel === "instagram") return pageCustomerWrites(services, fake, input)
  if (input.channel !== "whatsapp") return null
  if (input.type === "text" ? !input.text : !(PAGE_MEDIA.has(input.type) && input.link)) return null
  const [account] = (
    await services.database.query(
      "SELECT external_id FROM channel_accounts WHERE client_id = $1 AND channel = 'whatsapp' AND status = 'active' AND secrets <> '' ORDER BY id DESC LIMIT 1",
      [input.clientId],
    )
  ).rows
  const number = account ? fake.numbers.get(String(account.external_id)) : undefined
  if (!number?.callbackUrl) return null
  await refuseBlocked(services, input.clientId, "whatsapp", input.number)
  let message: Record<string, unknown> = { type: "text", text: { body: input.text } }
  if (input.type !== "text" && input.link) {
    const file = await fileOf(services, input.link)
    const media = fake.files.addMedia(number.phoneNumberId, file.mime, file.bytes)
    message = {
      type: input.type,
      [input.type]: {
        id: media.id,
        mime_type: file.mime,
        sha256: media.sha256,
        ...(input.text && input.type !== "audio" ? { caption: input.text } : {}),
        ...(input.type === "document" ? { filename: input.filename || input.link.split("?")[0].split("/").pop() } : {}),
      },
    }
  }
  const { id, payload } = fake.customerPayload(number, input.number.replace(/[^0-9]/g, ""), input.name, message)
  return postAndWait(services, fake, input.clientId, number, payload, id)
}

const refuseBlocked = async (services: Services, clientId: number, channel: string, number: string) => {
  const [contact] = (
    await services.database.query("SELECT blocked FROM contacts WHERE client_id = $1 AND channel = $2 AND number = $3", [
      clientId,
      channel,
      number,
    ])
  ).rows
  if (contact?.blocked) throw blockedError()
}

/** A Messenger / Instagram customer's text, when the tenant's page or account for it is connected to the fake Meta. */
const pageCustomerWrites = async (
  services: Services,
  fake: FakeMeta,
  input: { clientId: number; channel: string; number: string; type: string; text?: string },
) => {
  if (input.type !== "text" || !input.text || !/^[0-9]{1,32}$/.test(input.number)) return null
  const accounts = (
    await services.database.query(
      "SELECT external_id FROM channel_accounts WHERE client_id = $1 AND channel = $2 AND status = 'active' ORDER BY id DESC",
      [input.clientId, input.channel],
    )
  ).rows
  for (const account of accounts) {
    const login = fake.loginOfPage(String(account.external_id))
    if (!login?.callbackUrl) continue
    await refuseBlocked(services, input.clientId, input.channel, input.number)
    const { id, payload } = fake.pageCustomerPayload(String(account.external_id), input.number, input.text)
    return postAndWait(services, fake, input.clientId, login, payload, id)
  }
  return null
}

/** Posts the signed webhook and answers once the job stored the message `id`. */
const postAndWait = async (services: Services, fake: FakeMeta, clientId: number, app: FakeApp, payload: unknown, id: string) => {
  const status = await fake.post(app, payload)
  if (status !== 200) throw new ApiError(502, "WEBHOOK_REFUSED", `Our webhook answered the simulated Meta with ${status}`)
  const until = Date.now() + 5000
  while (Date.now() < until) {
    const [stored] = (
      await services.database.query("SELECT id, conversation_id FROM messages WHERE client_id = $1 AND external_id = $2", [clientId, id])
    ).rows
    if (stored) return { conversationId: Number(stored.conversation_id), messageId: Number(stored.id) }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new ApiError(504, "NOT_STORED", "The simulated Meta's webhook was accepted but the message was not stored within 5 s")
}
