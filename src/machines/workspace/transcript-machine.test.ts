/** The read-only transcript drawer's machine, model-based (common/model-check.testing.ts), and its page merge. */
import { describe, expect, it } from "vitest"
import type { Message } from "../../contract/schemas/chat"
import { checkModel } from "../common/model-check.testing"
import { mergeMessages, transcriptMachine } from "./transcript-machine"

const message = (id: number, dt: string): Message => ({
  id,
  external_id: null,
  conversation_id: 1,
  number: "+905551112233",
  channel_type: "whatsapp",
  direction: "inbound",
  type: "text",
  body: `m${id}`,
  attachments: [],
  interactive: null,
  status: "received",
  agent_name: null,
  dt,
})

const open = { type: "OPEN", source: { kind: "conversation", conversationId: 7 }, title: "Ayşe" }
const firstPage = {
  type: "xstate.done.actor.load",
  output: { messages: [message(3, "2026-01-02T10:00:00Z"), message(2, "2026-01-02T09:00:00Z")], hasOlder: true },
}
const olderPage = {
  type: "xstate.done.actor.loadOlder",
  output: { messages: [message(1, "2026-01-01T10:00:00Z"), message(2, "2026-01-02T09:00:00Z")], hasOlder: false },
}

checkModel({
  name: "transcript",
  machine: transcriptMachine,
  sources: ["load"],
  states: ["closed", "loading", "ready", "loadingOlder", "failed"],
  events: [
    open,
    { type: "OPEN", source: { kind: "ticketHistory", ticketNumber: "TK-1-1" }, title: "TK-1-1" },
    { type: "CLOSE" },
    { type: "OLDER" },
    { type: "RETRY" },
    firstPage,
    { type: "xstate.done.actor.load", output: { messages: [message(5, "2026-01-03T10:00:00Z")], hasOlder: false } },
    { type: "xstate.error.actor.load", error: new Error("chat.agentGetChat is not implemented yet") },
    olderPage,
    { type: "xstate.error.actor.loadOlder", error: new Error("offline") },
  ],
  stories: [[open, firstPage, { type: "OLDER" }, olderPage, { type: "CLOSE" }]],
  key: (s) => [s.value, s.context.hasOlder, s.context.failure !== null, s.context.messages.length > 0],
  view: (s) => ({
    value: s.value,
    tags: [...s.tags].sort(),
    ids: s.context.messages.map((m: Message) => m.id),
    page: s.context.page,
    hasOlder: s.context.hasOlder,
    failure: s.context.failure,
    title: s.context.title,
  }),
})

describe("transcript pages", () => {
  it("an older page goes before the shown messages, each message once, oldest first", () => {
    const shown = [message(2, "2026-01-02T09:00:00Z"), message(3, "2026-01-02T10:00:00Z")]
    const older = [message(1, "2026-01-01T10:00:00Z"), message(2, "2026-01-02T09:00:00Z")]
    expect(mergeMessages(older, shown).map((m) => m.id)).toEqual([1, 2, 3])
  })
})
