/**
 * The WhatsApp Cloud API's outbound side: `POST /{version}/{phone-number-id}/messages` (text, media by link,
 * interactive, template; to a phone number or a business-scoped user id) and the number's reachability (`GET /{version}/{phone-number-id}`). Refusals are GraphErrors.
 */
import type { OutboundMessage } from "../message-channel"
import { GraphError, graphCall } from "../meta/graph-client"

export interface CloudAccount {
  readonly baseUrl: string
  readonly token: string
  readonly phoneNumberId: string
}

/** WhatsApp ids are digits without the plus. */
export const waIdOf = (number: string) => number.replace(/[^0-9]/g, "")

/**
 * A business-scoped user id (BSUID, `US.13491208655302741918`; a parent BSUID has `ENT.` after the country): the
 * number of a customer Meta sent without a phone number (features/channels/customer-numbers.ts).
 */
export const isBsuid = (number: string) => /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/.test(number)

/**
 * Who a message goes to: `to` with a phone number, or, for a customer known only by their BSUID, `recipient` (Meta's
 * business-scoped user id guide: `to` wins when both are given, so it is left out).
 */
const addressOf = (number: string) => (isBsuid(number) ? { recipient: number } : { to: waIdOf(number) })

const MEDIA = new Set(["image", "video", "audio", "document", "sticker"])

type Obj = Record<string, unknown>
const str = (v: unknown) => (typeof v === "string" ? v : "")

const templateOf = (payload: Obj): Obj => {
  const t = (payload.template ?? {}) as Obj
  const params = Array.isArray(t.params) ? t.params.map((p) => ({ type: "text", text: String(p) })) : []
  const components: Obj[] = []
  const headerValue = str(t.header_value)
  const headerType = str(t.header_type)
  if (headerValue && headerType === "text") components.push({ type: "header", parameters: [{ type: "text", text: headerValue }] })
  else if (headerValue && MEDIA.has(headerType))
    components.push({ type: "header", parameters: [{ type: headerType, [headerType]: { link: headerValue } }] })
  if (params.length) components.push({ type: "body", parameters: params })
  return { name: str(t.name), language: { code: str(t.language) || "en" }, ...(components.length ? { components } : {}) }
}

/** The Cloud API's message object for one of our outbound messages. */
export const cloudMessageOf = (out: OutboundMessage): Obj => {
  // Our key rides along (Meta returns it in the message's status webhooks); the fake Meta de-duplicates by it.
  const base = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    ...addressOf(out.number),
    ...(out.key ? { biz_opaque_callback_data: out.key } : {}),
  }
  const p = out.payload
  if (out.type === "template") return { ...base, type: "template", template: templateOf(p) }
  if (MEDIA.has(out.type) && typeof p.link === "string") {
    const media: Obj = { link: p.link }
    if (out.body && out.type !== "audio" && out.type !== "sticker") media.caption = out.body
    if (out.type === "document" && typeof p.filename === "string") media.filename = p.filename
    return { ...base, type: out.type, [out.type]: media }
  }
  if (out.type === "interactive" && p.interactive && typeof p.interactive === "object")
    return { ...base, type: "interactive", interactive: p.interactive }
  return { ...base, type: "text", text: { body: out.body, preview_url: /https?:\/\//.test(out.body) } }
}

export const sendCloudMessage = async (account: CloudAccount, out: OutboundMessage): Promise<string> => {
  const answer = await graphCall<{ messages?: { id?: string }[] }>({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "POST",
    path: `${encodeURIComponent(account.phoneNumberId)}/messages`,
    body: cloudMessageOf(out),
  })
  const id = answer.messages?.[0]?.id
  if (!id) throw new GraphError(null, "The Graph API accepted the message without giving its id", 200)
  return id
}

/**
 * Meta's typing indicator: the customer's message `messageId` marked read with `typing_indicator`; WhatsApp shows it
 * until our reply or for 25 seconds (there is no "stopped typing" call).
 */
export const sendCloudTyping = async (account: CloudAccount, messageId: string): Promise<void> => {
  await graphCall({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "POST",
    path: `${encodeURIComponent(account.phoneNumberId)}/messages`,
    body: { messaging_product: "whatsapp", status: "read", message_id: messageId, typing_indicator: { type: "text" } },
  })
}

/** The number as Meta knows it; throws the GraphError that says why not. */
export const checkCloudNumber = async (account: CloudAccount) => {
  const answer = await graphCall<{ display_phone_number?: string; verified_name?: string }>({
    baseUrl: account.baseUrl,
    token: account.token,
    method: "GET",
    path: `${encodeURIComponent(account.phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`,
  })
  return { display: answer.display_phone_number ?? null, verifiedName: answer.verified_name ?? null }
}
