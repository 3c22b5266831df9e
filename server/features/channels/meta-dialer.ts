/**
 * How the voice-call hub reaches Meta for an agent's call to a customer: through the tenant's active WhatsApp Cloud API
 * number (`connect` with our offer, then `terminate`), or not at all (null: the built-in simulator takes the call).
 */
import type { MetaDialer } from "../../channels/whatsapp-cloud/call-bridge"
import { callAction, connectCall } from "../../channels/whatsapp-cloud/calling-api"
import type { Services } from "../../http/context"
import { activeAccount, graphBaseOf, secretsOf } from "./accounts"

export const metaDialerFor = async (services: Services, clientId: number): Promise<MetaDialer | null> => {
  const account = await activeAccount(services.database.db, clientId, "whatsapp")
  if (!account) return null
  const cloud = {
    baseUrl: graphBaseOf(services.config),
    token: secretsOf(services.config, account).accessToken,
    phoneNumberId: account.externalId,
  }
  return {
    connect: (to, offer) => connectCall(cloud, to, offer),
    act: (metaCallId, action) => callAction(cloud, metaCallId, action),
  }
}
