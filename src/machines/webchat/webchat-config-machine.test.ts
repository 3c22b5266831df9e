/** The web-chat configuration's machine, model-based (common/model-check.testing.ts), and its origin and field rules. */
import { describe, expect, it } from "vitest"
import type { WebchatConfig } from "../../contract/schemas/webchat"
import { checkModel } from "../common/model-check.testing"
import { normalOrigin, originToAdd, webchatConfigMachine, webchatSaveOf } from "./webchat-config-machine"

const stored: WebchatConfig = {
  enabled: false,
  color: "#2d72d2",
  text_color: "#ffffff",
  greeting: "",
  position: "right",
  prechat: { name: "optional", email: "optional", phone: "off" },
  allowed_origins: [],
  widget_key: "wc_1_abcdefghijklmnopqrstuvwx",
  script_url: "https://console.example/webchat/widget.js",
}
const saved: WebchatConfig = { ...stored, enabled: true, allowed_origins: ["https://shop.example.com"] }

checkModel({
  name: "web-chat configuration",
  machine: webchatConfigMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: stored },
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: { enabled: true } },
    { type: "EDIT", patch: { color: "blue" } },
    { type: "TYPE_ORIGIN", origin: "HTTPS://Shop.Example.com/" },
    { type: "TYPE_ORIGIN", origin: "http://shop.example.com" },
    { type: "ADD_ORIGIN" },
    { type: "REMOVE_ORIGIN", origin: "https://shop.example.com" },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: saved },
    {
      type: "xstate.error.actor.save",
      error: { _tag: "ApiError", status: 400, code: "VALIDATION", message: "bad origin", field: "allowed_origins" },
    },
  ],
  stories: [
    [
      { type: "xstate.done.actor.load", output: stored },
      { type: "EDIT", patch: { enabled: true } },
      { type: "TYPE_ORIGIN", origin: "HTTPS://Shop.Example.com/" },
      { type: "ADD_ORIGIN" },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: saved },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.draft.enabled,
    s.context.draft.color,
    s.context.draft.allowed_origins.length,
    s.context.origin,
    s.context.problem,
    s.context.failure !== null,
    s.context.saved > 0,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    origin: s.context.origin,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("web-chat configuration rules", () => {
  it("takes a site as the browser names it: https, host, optional port, nothing else", () => {
    expect(normalOrigin(" HTTPS://Shop.Example.com/ ")).toBe("https://shop.example.com")
    expect(originToAdd([], "https://shop.example.com:8443")).toEqual({ origin: "https://shop.example.com:8443" })
    expect(originToAdd([], "http://localhost:5173")).toEqual({ origin: "http://localhost:5173" })
    for (const bad of [
      "http://shop.example.com",
      "https://shop.example.com/path",
      "shop.example.com",
      "https://shop.example.com:70000",
      "https://*.example.com",
    ])
      expect(originToAdd([], bad), bad).toEqual({ problem: { field: "origin", rule: "invalid" } })
    expect(originToAdd(["https://a.example"], "https://a.example/")).toEqual({ problem: { field: "origin", rule: "duplicate" } })
  })
  it("names the first bad field of the draft and trims the greeting", () => {
    const { widget_key: _k, script_url: _u, ...draft } = stored
    expect(webchatSaveOf({ ...draft, text_color: "white" })).toEqual({ problem: { field: "text_color", rule: "invalid" } })
    expect(webchatSaveOf({ ...draft, greeting: "  Hi!  " })).toEqual({ save: { ...draft, greeting: "Hi!" } })
  })
})
