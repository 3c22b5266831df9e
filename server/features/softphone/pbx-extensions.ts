/**
 * pbx.listPbxExtensions: whom the caller can transfer a call to. The tenant's other softphone users' extensions, by
 * name, each marked registered when Kamailio's location table holds a contact for it now (a browser tab or a desk
 * phone on that extension). Without a SIP server, or when Kamailio cannot be asked, none is marked registered.
 */
import { handle } from "../../core/registry"
import { userOf, type Services } from "../../http/context"
import { forbidden } from "../../http/errors"
import { kamailioRpc, registeredUsers } from "../../sip/kamailio-rpc"
import { softphoneUsers } from "./pbx-routes"
import { extensionOf } from "./sip-credentials"

const SOFTPHONE_KEY = "FRONT:/apps/pbxcalls"

const registeredNow = async (services: Services): Promise<ReadonlySet<string>> => {
  const sip = services.config.sip
  if (!sip?.controlUrl) return new Set()
  try {
    return await registeredUsers(kamailioRpc(sip.controlUrl, sip.secret))
  } catch (error) {
    console.warn(`[pbx] could not read Kamailio's registrations: ${error instanceof Error ? error.message : String(error)}`)
    return new Set()
  }
}

export const handlers = [
  handle("pbx", "listPbxExtensions", async (ctx) => {
    if (!ctx.principal.superAdmin && !ctx.principal.grants.has(SOFTPHONE_KEY)) throw forbidden()
    const { userId, clientId } = userOf(ctx)
    const [users, registered] = await Promise.all([softphoneUsers(ctx.db, clientId), registeredNow(ctx.services)])
    return {
      data: users
        .filter((user) => user.id !== userId)
        .map((user) => ({ extension: extensionOf(user.id), name: user.name, registered: registered.has(extensionOf(user.id)) })),
    }
  }),
]
