/**
 * The webhooks the fake Meta posts, in Meta's format: a WhatsApp number's statuses and customers' messages, and a
 * Messenger page's (or Instagram account's) customers' messages and delivery reports, and the other kinds a real
 * account sends: the WhatsApp Business app's echoes (coexistence), a customer's number change, a page's echoes,
 * Instagram's shares, reels, story mentions and replies, unsupported messages, reactions, reads, `standby` entries.
 */
import { isBsuid } from "../../channels/whatsapp-cloud/cloud-api"
import type { FakeNumber } from "./fake-meta-model"

const now = () => String(Math.floor(Date.now() / 1000))

/** One change of a WhatsApp Business Account (`messages` unless said otherwise), for `number`. */
export const whatsappChange = (
  number: Pick<FakeNumber, "wabaId" | "displayNumber" | "phoneNumberId">,
  value: Record<string, unknown>,
  field: "messages" | "calls" | "smb_message_echoes" = "messages",
) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: number.wabaId,
      changes: [
        {
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: number.displayNumber.replace(/[^0-9]/g, ""), phone_number_id: number.phoneNumberId },
            ...value,
          },
          field,
        },
      ],
    },
  ],
})

/** The statuses of messages `number` sent (sent, delivered, read, failed with Meta's errors). */
export const statusPayload = (number: FakeNumber, statuses: { id: string; status: string; to: string; errors?: unknown[] }[]) => {
  const timestamp = now()
  return whatsappChange(number, {
    statuses: statuses.map((s) => ({
      id: s.id,
      status: s.status,
      timestamp,
      // A send to a business-scoped user id is reported under `recipient_user_id` (no phone number is shown).
      ...(isBsuid(s.to) ? { recipient_user_id: s.to } : { recipient_id: s.to }),
      ...(s.errors ? { errors: s.errors } : {}),
    })),
  })
}

/** A customer's WhatsApp message `id` (Meta's message object, e.g. `{ type: "text", text: { body } }`) to `number`. */
export const customerMessagePayload = (
  number: FakeNumber,
  id: string,
  from: string,
  name: string | undefined,
  message: Record<string, unknown>,
) =>
  whatsappChange(number, {
    contacts: [{ profile: { name: name ?? "" }, wa_id: from }],
    messages: [{ from, id, timestamp: now(), ...message }],
  })

/** What the business sent to `to` from the WhatsApp Business app on a coexistence number (`smb_message_echoes`). */
export const businessAppEchoPayload = (number: FakeNumber, id: string, to: string, message: Record<string, unknown>) =>
  whatsappChange(
    number,
    { message_echoes: [{ from: number.displayNumber.replace(/[^0-9]/g, ""), to, id, timestamp: now(), ...message }] },
    "smb_message_echoes",
  )

/** Meta's `system` message: the customer `from` changed their number to `to`. */
export const numberChangePayload = (number: FakeNumber, id: string, from: string, to: string) =>
  whatsappChange(number, {
    messages: [
      {
        from,
        id,
        timestamp: now(),
        type: "system",
        system: { body: `User changed from ${from} to ${to}`, new_wa_id: to, type: "user_changed_number" },
      },
    ],
  })

/**
 * One `messaging` event of a page (or, `instagram`, an Instagram account) `id`; under `standby` when another app
 * owns the thread.
 */
export const pageEvent = (instagram: boolean, id: string, messaging: Record<string, unknown>, standby = false) => {
  const time = Date.now()
  return {
    object: instagram ? "instagram" : "page",
    entry: [{ id, time, [standby ? "standby" : "messaging"]: [{ ...messaging, timestamp: time }] }],
  }
}

/** The `message` of an Instagram customer's kinds beyond text and files, as Meta sends them. */
export const instagramKindMessage = (kind: string, mid: string, url: string, text: string): Record<string, unknown> => {
  if (kind === "unsupported") return { mid, is_unsupported: true }
  if (kind === "story_reply") return { mid, text, reply_to: { story: { url, id: mid.replace(/^m_/, "") } } }
  const type = kind === "reel" ? "ig_reel" : kind
  const payload = kind === "reel" ? { url, title: text, reel_video_id: mid.replace(/[^0-9]/g, "").slice(0, 17) || "1" } : { url }
  return { mid, attachments: [{ type, payload }] }
}

/** A Messenger (or Instagram) customer's text, or an attachment (`{ type, url }`) with the text left out, to page `id`. */
export const pageMessagePayload = (
  instagram: boolean,
  id: string,
  mid: string,
  from: string,
  text: string,
  attachment?: { type: string; url: string },
) =>
  pageEvent(instagram, id, {
    sender: { id: from },
    recipient: { id },
    message: attachment ? { mid, attachments: [{ type: attachment.type, payload: { url: attachment.url } }] } : { mid, text },
  })

/** The customer's app got the page's message `mid`. */
export const pageDeliveryPayload = (instagram: boolean, id: string, pageId: string, recipient: string, mid: string) =>
  pageEvent(instagram, id, {
    sender: { id: recipient },
    recipient: { id: pageId },
    delivery: { mids: [mid], watermark: Date.now() },
  })

/** Meta's message object for a kind the Cloud API does not deliver (a poll, a view-once message, ...). */
export const unsupportedMessage = (): Record<string, unknown> => ({
  type: "unsupported",
  errors: [
    {
      code: 131051,
      title: "Message type unknown",
      message: "Message type unknown",
      error_data: { details: "Message type is currently not supported." },
    },
  ],
})
