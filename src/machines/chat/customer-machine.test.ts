/** The customer panel's machine, model-based (common/model-check.testing.ts): the profile, its editor and the save. */
import type { CustomerProfile } from "../../contract/schemas/contacts"
import { checkModel } from "../common/model-check.testing"
import { customerMachine } from "./customer-machine"

const profile: CustomerProfile = {
  id: 3,
  number: "905551112233",
  name: "Ayşe",
  email: null,
  channel_type: "whatsapp",
  blocked: false,
  attributes: { tier: "gold" },
  group_ids: [],
  created_at: "2026-01-01T10:00:00Z",
  last_seen_at: null,
  labels: [],
  segments: [],
  flags: [],
  conversations: 2,
  open_tickets: 0,
  last_conversation_at: null,
}
const loaded = { type: "xstate.done.actor.load", output: profile }
const failed = { type: "xstate.error.actor.load", error: { status: 500, code: "INTERNAL", message: "boom" } }
const change = { type: "CHANGE", draft: { name: "Ayşe K", email: "", attributes: {} } }
const saved = { type: "xstate.done.actor.save", output: { ...profile, name: "Ayşe K", attributes: {} } }
const refused = { type: "xstate.error.actor.save", error: { status: 400, code: "INVALID", message: "bad e-mail", field: "email" } }

checkModel({
  name: "chat customer",
  machine: customerMachine,
  input: { number: "905551112233" },
  sources: ["load", "save"],
  states: ["closed", "loading", "ready", "failed", "editing", "saving"],
  events: [
    loaded,
    failed,
    { type: "RETRY" },
    { type: "RELOAD" },
    { type: "CLOSE" },
    { type: "EDIT" },
    change,
    { type: "CANCEL" },
    { type: "SAVE" },
    saved,
    refused,
  ],
  stories: [
    [loaded, { type: "EDIT" }, change, { type: "SAVE" }, refused, { type: "SAVE" }, saved, { type: "RELOAD" }, loaded],
    [failed, { type: "RETRY" }, loaded, { type: "EDIT" }, { type: "CANCEL" }, { type: "CLOSE" }, { type: "RELOAD" }],
  ],
  key: (s) => [
    s.value,
    s.context.profile?.name ?? null,
    s.context.draft?.name ?? null,
    s.context.failure !== null,
    s.context.saveFailure !== null,
  ],
  view: (s) => ({ value: s.value, tags: [...s.tags].sort(), context: s.context }),
})
