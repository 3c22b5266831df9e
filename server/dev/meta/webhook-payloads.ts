/**
 * The webhooks the fake Meta posts, in Meta's format: a WhatsApp number's statuses and customers' messages, and a
 * Messenger page's (or Instagram account's) customers' messages and delivery reports.
 */
import type { FakeNumber } from "./fake-meta-model"

const now = () => String(Math.floor(Date.now() / 1000))

/** One change of a WhatsApp Business Account (`messages` unless said otherwise), for `number`. */
export const whatsappChange = (
  number: Pick<FakeNumber, "wabaId" | "displayNumber" | "phoneNumberId">,
  value: Record<string, unknown>,
  field: "messages" | "calls" = "messages",
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
      recipient_id: s.to,
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

/** One `messaging` event of a page (or, `instagram`, an Instagram account) `id`. */
const pageEvent = (instagram: boolean, id: string, messaging: Record<string, unknown>) => {
  const time = Date.now()
  return { object: instagram ? "instagram" : "page", entry: [{ id, time, messaging: [{ ...messaging, timestamp: time }] }] }
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
