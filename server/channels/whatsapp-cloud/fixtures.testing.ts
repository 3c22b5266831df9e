/**
 * WhatsApp Cloud API webhooks as Meta posts them, written from Meta's published examples (webhooks reference:
 * messages of every type, statuses, errors, calls). `PHONE_NUMBER_ID` is the number the test connects.
 */
import { unsupportedMessage } from "../../dev/meta/webhook-payloads"

export const PHONE_NUMBER_ID = "106540352242922"
export const WABA_ID = "102290129340398"
export const CUSTOMER = "16505551234"

const metadata = (phoneNumberId: string) => ({ display_phone_number: "15550783881", phone_number_id: phoneNumberId })

/** One change of field `messages` (or another) with the given value. */
export const envelope = (value: Record<string, unknown>, field = "messages", phoneNumberId = PHONE_NUMBER_ID) => ({
  object: "whatsapp_business_account",
  entry: [{ id: WABA_ID, changes: [{ value: { messaging_product: "whatsapp", metadata: metadata(phoneNumberId), ...value }, field }] }],
})

export const inbound = (message: Record<string, unknown>, phoneNumberId = PHONE_NUMBER_ID, from = CUSTOMER) =>
  envelope(
    { contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: from }], messages: [{ from, timestamp: "1749416383", ...message }] },
    "messages",
    phoneNumberId,
  )

let counter = 0
export const wamid = () => `wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUZBQjEwNjQ5RTg0Rk${(++counter).toString(36).padStart(6, "0")}`

/** Every message type a customer can send, as the `messages[]` item Meta posts (without from/timestamp). */
export const MESSAGES: Record<string, () => Record<string, unknown>> = {
  text: () => ({ id: wamid(), type: "text", text: { body: "Does it come in another color?" } }),
  image: () => ({
    id: wamid(),
    type: "image",
    image: {
      caption: "This is the one",
      mime_type: "image/jpeg",
      sha256: "SSa8QhxHC7VMmBG3xl8gXjCTe5W5oxS0LOlAx6lcx8w=",
      id: "1003383421387256",
    },
  }),
  video: () => ({
    id: wamid(),
    type: "video",
    video: { mime_type: "video/mp4", sha256: "fBCQv0wP0hn/TrqvuHBMBz6JHgp1q5DNgQOOwfT0RJs=", id: "1200591251358467" },
  }),
  voice: () => ({
    id: wamid(),
    type: "audio",
    audio: {
      mime_type: "audio/ogg; codecs=opus",
      sha256: "mbHQLXpVJKjrNpBbvDyYHTGFsePhCXygIIE4+iRKfZ4=",
      id: "1003383421387257",
      voice: true,
    },
  }),
  document: () => ({
    id: wamid(),
    type: "document",
    document: {
      caption: "Lucky Shrub Invoice",
      filename: "lucky-shrub-invoice.pdf",
      mime_type: "application/pdf",
      sha256: "6k8hMoAgyzdWfAAbCS0CXNasGfuXnDQXFbxJ31m0D/U=",
      id: "1003383421387258",
    },
  }),
  sticker: () => ({
    id: wamid(),
    type: "sticker",
    sticker: { mime_type: "image/webp", sha256: "P8MdJ7+T7yrjXQJCsGhcGbW4KKi5q2U/zAjnQ0a8gKk=", id: "1003383421387259", animated: false },
  }),
  location: () => ({
    id: wamid(),
    type: "location",
    location: {
      address: "1 Hacker Way, Menlo Park, CA 94025",
      latitude: 37.483307,
      longitude: -122.148981,
      name: "Philz Coffee",
      url: "https://philzcoffee.com",
    },
  }),
  contacts: () => ({
    id: wamid(),
    type: "contacts",
    contacts: [
      {
        name: { formatted_name: "Barbara J. Johnson", first_name: "Barbara" },
        phones: [{ phone: "+1 (940) 555-1234", type: "HOME", wa_id: "19405551234" }],
      },
    ],
  }),
  button_reply: () => ({
    id: wamid(),
    type: "interactive",
    context: { from: "15550783881", id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3NzE5RTk2QjA2QzgzMkE2NDIA" },
    interactive: { type: "button_reply", button_reply: { id: "change-button", title: "Change" } },
  }),
  list_reply: () => ({
    id: wamid(),
    type: "interactive",
    interactive: {
      type: "list_reply",
      list_reply: { id: "priority_express", title: "Priority Mail Express", description: "Next Day to 2 Days" },
    },
  }),
  quick_reply_button: () => ({ id: wamid(), type: "button", button: { payload: "Unsubscribe", text: "Stop promotions" } }),
  order: () => ({
    id: wamid(),
    type: "order",
    order: {
      catalog_id: "194836987003835",
      text: "Please deliver today",
      product_items: [{ product_retailer_id: "di9ozbzfi4", quantity: 2, item_price: 30, currency: "USD" }],
    },
  }),
}

/** Message types shown as they were sent: the stored type and the words the agent reads. */
export const SHOWN: Record<string, { type: string; body: string }> = {
  text: { type: "text", body: "Does it come in another color?" },
  image: { type: "image", body: "This is the one" },
  video: { type: "video", body: "" },
  voice: { type: "audio", body: "" },
  document: { type: "document", body: "Lucky Shrub Invoice" },
  sticker: { type: "sticker", body: "" },
  location: { type: "location", body: "Philz Coffee, 1 Hacker Way, Menlo Park, CA 94025" },
  contacts: { type: "contacts", body: "Barbara J. Johnson +1 (940) 555-1234" },
  button_reply: { type: "interactive", body: "Change" },
  list_reply: { type: "interactive", body: "Priority Mail Express" },
  quick_reply_button: { type: "interactive", body: "Stop promotions" },
  order: { type: "order", body: "Please deliver today\n2 × di9ozbzfi4" },
}

export const reaction = (target: string, emoji?: string) => ({
  id: wamid(),
  type: "reaction",
  reaction: { message_id: target, ...(emoji ? { emoji } : {}) },
})

export const unsupported = () => ({ id: wamid(), ...unsupportedMessage() })

export const system = () => ({
  id: wamid(),
  type: "system",
  system: { body: "User A changed from 16505551234 to 16505551299", wa_id: "16505551299", type: "user_changed_number" },
})

/** A system message that is not a number change: the customer's security code changed. */
export const identityChanged = () => ({
  id: wamid(),
  type: "system",
  system: { body: "User A's security code changed", customer: CUSTOMER, type: "customer_identity_changed" },
})

export const status = (id: string, value: string, extra: Record<string, unknown> = {}, phoneNumberId = PHONE_NUMBER_ID) =>
  envelope({ statuses: [{ id, status: value, timestamp: "1750263773", recipient_id: CUSTOMER, ...extra }] }, "messages", phoneNumberId)

export const failedStatus = (id: string, code: number, title: string) =>
  status(id, "failed", { errors: [{ code, title, message: title, error_data: { details: `${title}.` } }] })

export const valueErrors = () =>
  envelope({
    errors: [
      {
        code: 130429,
        title: "Rate limit hit",
        message: "(#130429) Rate limit hit",
        error_data: { details: "Cloud API message throughput has been reached." },
      },
    ],
  })

export const callConnect = () =>
  envelope(
    {
      contacts: [{ profile: { name: "Sheena Nelson" }, wa_id: CUSTOMER }],
      calls: [
        {
          id: "wacid.HBgLMTY1MDM4Nzk0MzkVAgARGBI",
          to: "15550783881",
          from: CUSTOMER,
          event: "connect",
          timestamp: "1749416383",
          session: { sdp_type: "offer", sdp: "v=0\r\n" },
        },
      ],
    },
    "calls",
  )
