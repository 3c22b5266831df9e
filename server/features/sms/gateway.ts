/**
 * The SMS side of one server: one SMPP link per provider (rebuilt when the provider's settings change), the sink that
 * writes their outcomes and receipts, and inbound SMS handed to the inbox's SMS channel (the tenant is the one whose
 * approved mask the customer wrote to). Closing it (the server's stop) first lets the dispatches it carries finish, so a
 * row the queue handed over ends sent, failed or queued again, not left `submitting` for the sweep to fail.
 */
import { createHash } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Services } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { chatHubOf } from "../chat"
import type { ProviderRow } from "./provider-rows"
import { open } from "./secret-box"
import { SmppLink } from "./smpp-link"
import { StatusSink } from "./status-sink"

export interface SmsGateway {
  readonly sink: StatusSink
  readonly linkOf: (provider: ProviderRow) => SmppLink
  /** Runs a dispatch of claimed rows that `close` waits for. */
  readonly carry: (dispatch: Promise<void>) => void
  readonly close: () => Promise<void>
}

const gateways = new WeakMap<Services, SmsGateway>()

export const gatewayOf = (services: Services): SmsGateway => {
  let gateway = gateways.get(services)
  if (!gateway) {
    gateway = createGateway(services)
    gateways.set(services, gateway)
  }
  return gateway
}

/** Closes the server's gateway if it has one (server stop). */
export const closeGateway = async (services: Services) => {
  const gateway = gateways.get(services)
  gateways.delete(services)
  await gateway?.close()
}

export const secretOf = (services: Services, sealed: string | null) => (sealed ? open(services.config.jwtSecret, sealed) : "")

const inbound = async (services: Services, providerId: number, from: string, to: string, text: string) => {
  const [owner] = rowsOf(
    await services.database.db.execute(sql`SELECT m.client_id FROM sms_maskings m JOIN sms_clients c ON c.id = m.sms_client_id
      WHERE c.provider_id = ${providerId} AND m.mask = ${to} AND m.status = 'approved' ORDER BY m.id LIMIT 1`),
  )
  if (!owner) return console.warn(`[sms] inbound SMS to ${to} on provider ${providerId} matches no tenant's mask; dropped`)
  const number = from.startsWith("+") ? from : `+${from}`
  await chatHubOf(services).channel.customerWrites({ clientId: Number(owner.client_id), channel: "sms", number, type: "text", text })
}

const createGateway = (services: Services): SmsGateway => {
  const sink = new StatusSink(services.database)
  const links = new Map<number, { key: string; link: SmppLink }>()
  const carried = new Set<Promise<void>>()
  return {
    sink,
    carry: (dispatch) => {
      const settled = dispatch.catch((error) => console.error("[sms] dispatch failed:", error)).finally(() => carried.delete(settled))
      carried.add(settled)
    },
    linkOf: (provider) => {
      const password = secretOf(services, provider.secret)
      const key = createHash("sha256")
        .update(JSON.stringify([provider.host, provider.port, provider.systemId, provider.systemType, provider.window, password]))
        .digest("hex")
      const known = links.get(provider.id)
      if (known?.key === key) return known.link
      if (known) void known.link.close()
      const link = new SmppLink(
        {
          host: provider.host,
          port: provider.port ?? 2775,
          systemId: provider.systemId,
          password,
          systemType: provider.systemType,
          window: provider.window,
        },
        {
          receipt: (messageId, delivered, stat) => sink.receipt(provider.id, messageId, delivered, stat),
          inbound: (from, to, text) =>
            void inbound(services, provider.id, from, to, text).catch((error) => console.error("[sms] inbound SMS failed:", error)),
        },
      )
      links.set(provider.id, { key, link })
      return link
    },
    close: async () => {
      await Promise.all(carried)
      await Promise.all([...links.values()].map(({ link }) => link.close()))
      links.clear()
      await sink.close()
    },
  }
}
