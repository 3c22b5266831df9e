import type { Services } from "../../http/context"
import type { MetaLeg } from "../../channels/whatsapp-cloud/call-bridge"
import { callAction } from "../../channels/whatsapp-cloud/calling-api"
import { graphBaseOf, routedAccount, secretsOf } from "./accounts"

/**
 * The Meta side of a customer's call, built by whichever server process needs it (the one whose agent accepted, or the
 * one ending a call that still rings): the caller's stored offer and the tenant's number's Graph credentials. Null
 * when the number is no longer an active channel of the tenant.
 */
export const metaLegOf = async (
  services: Services,
  call: { clientId: number; callId: string; numberId: string; offer: string },
): Promise<MetaLeg | null> => {
  const account = await routedAccount(services.database.db, call.clientId, "whatsapp", call.numberId)
  if (!account) return null
  const cloud = {
    baseUrl: graphBaseOf(services.config),
    token: secretsOf(services.config, account).accessToken,
    phoneNumberId: account.externalId,
  }
  return { offer: call.offer, act: (action, sdp) => callAction(cloud, call.callId, action, sdp) }
}
