/** The Facebook / Instagram pages machine, model-based (common/model-check.testing.ts), and its connect rules. */
import { describe, expect, it } from "vitest"
import type { ChannelAccount } from "../../contract/schemas/channels"
import type { SocialPage } from "../../contract/schemas/tenants"
import { checkModel } from "../common/model-check.testing"
import { type MetaDraft, metaConnectOf, metaPagesMachine } from "./meta-pages-machine"

const login: ChannelAccount = {
  channel_type: "facebook",
  status: "connected",
  display_name: "Ayşe Demir",
  error: null,
  updated_at: "1970-01-01T00:00:00.000Z",
  id: 7,
  external_id: "user:5000001",
  webhook_url: "https://console.example/hooks/meta/abcdefgh",
  verify_token: "vt-123",
  secret_hint: "••••01",
}
const page: SocialPage = { id: "4000001", name: "Lucky Shrub", picture_url: null, subscribed: false }
const valid: Partial<MetaDraft> = { access_token: "EAAGuserToken0001", app_secret: "0123456789abcdef0123456789abcdef" }
const refused = { _tag: "ApiError", status: 424, code: "CHANNEL_AUTH_FAILED", message: "Meta refused the access token (Meta 190)" }

checkModel({
  name: "meta pages",
  machine: metaPagesMachine,
  input: { channel: "facebook" },
  sources: ["load", "connect", "toggle"],
  states: ["loading", "ready", "connecting", "toggling", "failed"],
  events: [
    { type: "xstate.done.actor.load", output: { login: null, pages: null } },
    { type: "xstate.done.actor.load", output: { login, pages: [page] } },
    {
      type: "xstate.done.actor.load",
      output: { login: { ...login, status: "failed", error: "Meta refused the access token (Meta 190)" }, pages: [] },
    },
    { type: "xstate.error.actor.load", error: refused },
    { type: "RETRY" },
    { type: "RELOAD" },
    { type: "EDIT", patch: valid },
    { type: "EDIT", patch: { app_secret: "short" } },
    { type: "CONNECT" },
    { type: "xstate.done.actor.connect", output: login },
    { type: "xstate.error.actor.connect", error: refused },
    { type: "SUBSCRIBE", page },
    { type: "UNSUBSCRIBE", page: { ...page, subscribed: true } },
    { type: "xstate.done.actor.toggle", output: undefined },
    { type: "xstate.error.actor.toggle", error: { ...refused, status: 409, code: "CONFLICT", message: "taken", field: "pages" } },
  ],
  stories: [
    [
      { type: "xstate.done.actor.load", output: { login: null, pages: null } },
      { type: "EDIT", patch: valid },
      { type: "CONNECT" },
      { type: "xstate.done.actor.connect", output: login },
      { type: "xstate.done.actor.load", output: { login, pages: [page] } },
      { type: "SUBSCRIBE", page },
      { type: "xstate.done.actor.toggle", output: undefined },
      { type: "xstate.done.actor.load", output: { login, pages: [{ ...page, subscribed: true }] } },
      { type: "UNSUBSCRIBE", page: { ...page, subscribed: true } },
      { type: "xstate.done.actor.toggle", output: undefined },
      { type: "xstate.done.actor.load", output: { login, pages: [page] } },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.pages === null ? null : s.context.pages.map((p: SocialPage) => p.subscribed),
    s.context.login?.status ?? null,
    s.context.draft.app_secret.length > 0,
    s.context.problem,
    s.context.failure?.code ?? null,
    s.context.busy,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    pages: s.context.pages,
    login: s.context.login,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    busy: s.context.busy,
  }),
})

describe("Facebook / Instagram connect rules", () => {
  const blank: MetaDraft = { access_token: "", app_secret: "" }
  it("names the first missing or malformed field", () => {
    expect(metaConnectOf(blank)).toEqual({ problem: { field: "access_token", rule: "required" } })
    expect(metaConnectOf({ ...blank, access_token: "short" })).toEqual({ problem: { field: "access_token", rule: "invalid" } })
    expect(metaConnectOf({ access_token: "EAAGuserToken0001", app_secret: "x-y" })).toEqual({
      problem: { field: "app_secret", rule: "invalid" },
    })
  })
  it("sends trimmed values", () => {
    expect(metaConnectOf({ access_token: " EAAGuserToken0001 ", app_secret: "0123456789abcdef0123456789abcdef" })).toEqual({
      connect: valid,
    })
  })
})
