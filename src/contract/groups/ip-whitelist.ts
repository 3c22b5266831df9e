import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty } from "../schemas/common"
import { IpWhitelistSettings } from "../schemas/security"

/** The IP whitelist's one switch beyond the spec: whether it also guards console logins (API keys and client tokens always). */
export const ipWhitelist = defineGroup(
  "ipWhitelist",
  { title: "IP whitelist settings", permission: "security", beyondSpec: true },
  {
    getIpWhitelistSettings: { method: "POST", path: "/ip/settings", request: Empty, response: Data(IpWhitelistSettings) },
    setIpWhitelistSettings: {
      method: "POST",
      path: "/ip/settings/update",
      request: Schema.Struct({ enforce_login: Schema.Boolean }),
      response: Data(IpWhitelistSettings),
    },
  },
)
