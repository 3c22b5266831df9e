import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data } from "../schemas/common"
import { ChannelAccount } from "../schemas/channels"

/**
 * The tenant's Facebook or Instagram login read back: the spec's calls connect a login and list its pages
 * but none answers the login itself, so the console could not show its state, webhook URL and verify token after a
 * reload. Ours: the stored login as `ChannelAccount` ("not connected" when there is none), Meta not asked.
 */
export const metaLogins = defineGroup(
  "metaLogins",
  { title: "Facebook and Instagram logins", permission: "channels", beyondSpec: true },
  {
    metaLogin: {
      method: "POST",
      path: "/channels/meta/login",
      request: Schema.Struct({ channel: Schema.Literals(["facebook", "instagram"]) }),
      response: Data(ChannelAccount),
    },
  },
)
