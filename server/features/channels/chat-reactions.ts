/** Tenants with a connected Meta account send through the Graph API (chat/hooks.ts `channelLayers`). */
import { channelLayers } from "../chat"
import { withMetaAccounts } from "./meta-channel"

export const hooks = [channelLayers.add("channels", 10, withMetaAccounts)]
