import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const blacklist = defineGroup("blacklist", { title: "Blacklisted tokens and cache", permission: "blacklist" }, {
  blacklistTokens: { method: "POST", path: "/blacklist/tokens", request: Undesigned, response: Undesigned },
  blacklistTokenAdd: { method: "POST", path: "/blacklist/token/add", request: Undesigned, response: Undesigned },
  blacklistTokenDelete: { method: "POST", path: "/blacklist/token/delete", request: Undesigned, response: Undesigned },
  clearCache: { method: "POST", path: "/clear/cache", request: Undesigned, response: Undesigned },
})
