/**
 * The development servers' fallback message channel (channels/fallback-channels.ts): it plays the customers' phones on
 * every channel. What agents send is kept per tenant / channel / number (the phone's inbox, readable through
 * GET /dev/simulator/messages); each accepted message is reported delivered SIM_DELIVER_MS later (default 300 ms) and
 * read when the customer reads it (the read hook).
 * Customers write in and type through the dev hooks, which call `customerWrites` / `customerTypes`.
 * In memory only: a restart forgets the phones, as a real phone would not, which is fine for development and tests.
 */
import { randomUUID } from "node:crypto"
import type { PhoneMessage, SimulatedMessageChannel } from "../../channels/fallback-channels"
import type { MessageChannelEvents, MessageStatusUpdate, OutboundMessage } from "../../channels/message-channel"
import { onceByKey } from "../../channels/once-by-key"

const deliverMs = () => Number(process.env.SIM_DELIVER_MS ?? 300)
const keyOf = (clientId: number, channel: string, number: string) => `${clientId}|${channel}|${number}`
const PREFIX: Record<string, string> = {
  whatsapp: "wamid",
  facebook: "m_fb",
  instagram: "m_ig",
  sms: "sms",
  webchat: "wc",
}
/** Per number, the phone keeps its newest messages only. */
const PHONE_LIMIT = 500

export const createMessageSimulator = (events: MessageChannelEvents): SimulatedMessageChannel => {
  const phones = new Map<string, PhoneMessage[]>()
  const byExternal = new Map<string, { clientId: number; message: PhoneMessage }>()
  const typingState = new Map<string, "typing" | "paused">()
  const timers = new Set<NodeJS.Timeout>()
  let counter = 0
  let closed = false

  const report = async (clientId: number, message: PhoneMessage, status: MessageStatusUpdate) => {
    message.status = status
    await events.status({ clientId, externalId: message.external_id, status })
  }

  const once = onceByKey()
  const accept = async (out: OutboundMessage) => {
    const externalId = `${PREFIX[out.channel] ?? "msg"}.${randomUUID()}`
    const message: PhoneMessage = {
      id: ++counter,
      external_id: externalId,
      type: out.type,
      body: out.body,
      attachments:
        typeof out.payload.link === "string"
          ? [
              {
                name:
                  typeof out.payload.filename === "string"
                    ? out.payload.filename
                    : (out.payload.link.split("?")[0].split("/").pop() ?? out.type),
                url: out.payload.link,
              },
            ]
          : [],
      status: "sent",
      dt: new Date().toISOString(),
    }
    const key = keyOf(out.clientId, out.channel, out.number)
    const list = phones.get(key) ?? []
    list.push(message)
    if (list.length > PHONE_LIMIT) byExternal.delete(list.shift()!.external_id)
    phones.set(key, list)
    byExternal.set(externalId, { clientId: out.clientId, message })
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (closed || message.status !== "sent") return
      report(out.clientId, message, "delivered").catch((error: unknown) => console.error("[simulator] delivery report failed", error))
    }, deliverMs())
    timers.add(timer)
    return { externalId }
  }

  return {
    // A hand-over repeated with the same key (the outbox after a crash) reaches the phone once.
    send: (out: OutboundMessage) => once(out.clientId, out.key, () => accept(out)),
    typing: async ({ clientId, channel, number, state }) => void typingState.set(keyOf(clientId, channel, number), state),
    close: async () => {
      closed = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
    received: (clientId, channel, number) => phones.get(keyOf(clientId, channel, number)) ?? [],
    read: async (externalId, clientId = null) => {
      const found = byExternal.get(externalId)
      if (!found || (clientId !== null && found.clientId !== clientId)) return false
      if (found.message.status !== "read") await report(found.clientId, found.message, "read")
      return true
    },
    customerWrites: (message) => events.inbound(message),
    customerTypes: (update) => events.typing(update),
    agentTyping: (clientId, channel, number) => typingState.get(keyOf(clientId, channel, number)) ?? null,
  }
}
