/**
 * The call hub's hook points: how it reaches the Meta side of a call without importing the channels. The channels
 * feature provides both from the tenant's WhatsApp Cloud API number (channels/call-reactions.ts).
 */
import type { MetaDialer, MetaLeg } from "../../channels/whatsapp-cloud/call-bridge"
import { portPoint } from "../../core/hooks"
import type { Services } from "../../http/context"

/** A customer's call through Meta: its tenant, Meta's call id, the number it came in on, and the caller's offer. */
export interface MetaCall {
  readonly clientId: number
  readonly callId: string
  readonly numberId: string
  readonly offer: string
}

const unprovided = (name: string) => async (): Promise<never> => {
  throw new Error(`No feature provides ${name} (channels)`)
}

/** How an agent's call to a customer reaches Meta: the tenant's WhatsApp number, or null (the fallback channel takes it). */
export const metaDialer = portPoint<[services: Services, clientId: number], MetaDialer | null>(
  "calls.metaDialer",
  unprovided("calls.metaDialer"),
)

/** The Meta side of a customer's call, rebuilt by the process that needs it; null when the number is no longer the tenant's. */
export const metaLeg = portPoint<[services: Services, call: MetaCall], MetaLeg | null>("calls.metaLeg", unprovided("calls.metaLeg"))
