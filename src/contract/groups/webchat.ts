import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data } from "../schemas/common"
import { WebchatConfig, WebchatSettings } from "../schemas/webchat"

/**
 * The web-chat widget's configuration (/channels/webchat-btn): the spec has no call for it, so these are
 * ours. Read answers the stored settings (defaults and a fresh public key the first time); update replaces them.
 */
export const webchat = defineGroup(
  "webchat",
  { title: "Web-chat widget", permission: "channels", beyondSpec: true },
  {
    webchatSettings: {
      method: "POST",
      path: "/channels/webchat/settings",
      request: Schema.Struct({}),
      response: Data(WebchatConfig),
    },
    webchatUpdate: {
      method: "POST",
      path: "/channels/webchat/update",
      request: WebchatSettings,
      response: Data(WebchatConfig),
    },
  },
)
