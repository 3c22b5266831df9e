/** A contact's page, model-based, and the attribute draft's rules and patch. */
import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, setup, waitFor } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import type { Contact } from "../../contract/schemas/contacts"
import { checkModel } from "../common/model-check.testing"
import { attributesPatch, draftOf, draftProblem } from "./contact-attributes"
import { contactMachine, conversationsOf } from "./contact-machine"

const contact: Contact = {
  id: 5,
  number: "+905550000005",
  name: "Selin",
  email: null,
  channel_type: "whatsapp",
  blocked: false,
  attributes: { city: "Izmir", visits: 3 },
  group_ids: [1],
  flag_ids: [2],
  tag_ids: [],
  created_at: "2026-11-20T10:00:00.000Z",
  last_seen_at: null,
}

const conversation = (id: number, patch: Partial<Conversation> = {}): Conversation => ({
  id,
  number: contact.number,
  name: "Selin",
  channel_type: "whatsapp",
  status: "active",
  agent_id: null,
  agent_name: null,
  last_message: "hello",
  last_message_at: `2026-11-2${id}T10:00:00.000Z`,
  unread: 0,
  labels: [],
  blocked: false,
  started_at: "2026-11-20T09:00:00.000Z",
  closed_at: null,
  session_expires_at: null,
  ...patch,
})

const details = { segments: [], conversations: [conversation(1)], historyFailure: null }

checkModel({
  name: "contact page",
  machine: contactMachine,
  sources: ["load", "save"],
  states: [
    "closed",
    "open.details.loading",
    "open.details.failed",
    "open.details.ready",
    "open.attributes.editing",
    "open.attributes.saving",
  ],
  events: [
    { type: "OPEN", contact },
    { type: "xstate.done.actor.load", output: details },
    { type: "xstate.error.actor.load", error: { status: 403, code: "FORBIDDEN", message: "no chat permission" } },
    { type: "RETRY" },
    { type: "ATTR.SET", index: 0, key: "city", value: "Ankara" },
    { type: "ATTR.SET", index: 0, key: "", value: "Ankara" },
    { type: "ATTR.ADD" },
    { type: "ATTR.REMOVE", index: 1 },
    { type: "ATTR.RESET" },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: { ...contact, attributes: { city: "Ankara", visits: 3 } } },
    { type: "xstate.error.actor.save", error: { status: 400, code: "BAD_REQUEST", message: "too many", field: "attributes" } },
    { type: "CHAT.OPEN", conversationId: 1 },
    { type: "CLOSE" },
  ],
  stories: [
    [
      { type: "OPEN", contact },
      { type: "xstate.error.actor.load", error: { status: 403, code: "FORBIDDEN", message: "no chat permission" } },
      { type: "RETRY" },
      { type: "xstate.done.actor.load", output: details },
      { type: "ATTR.ADD" },
      { type: "ATTR.SET", index: 2, key: "lang", value: "tr" },
      { type: "ATTR.REMOVE", index: 1 },
      { type: "ATTR.RESET" },
      { type: "ATTR.SET", index: 1, key: "city", value: "x" },
      { type: "SAVE" },
    ],
    [
      { type: "OPEN", contact },
      { type: "ATTR.SET", index: 0, key: "city", value: "Ankara" },
      { type: "SAVE" },
      { type: "xstate.error.actor.save", error: { status: 400, code: "BAD_REQUEST", message: "too many", field: "attributes" } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: { ...contact, attributes: { city: "Ankara", visits: 3 } } },
      { type: "xstate.done.actor.load", output: details },
      { type: "CHAT.OPEN", conversationId: 1 },
      { type: "CLOSE" },
    ],
  ],
  // Coarse (ATTR.ADD could grow the draft without end): the state, whether the draft differs from the contact and is valid, the failures.
  key: (s) => [
    s.value,
    s.context.contact !== null && JSON.stringify(s.context.draft) !== JSON.stringify(draftOf(s.context.contact.attributes)),
    draftProblem(s.context.draft) !== null,
    s.context.saveFailure !== null,
    s.context.failure !== null,
  ],
  view: (s) => ({
    value: s.value,
    contact: s.context.contact,
    details: s.context.details,
    draft: s.context.draft,
    failure: s.context.failure,
    saveFailure: s.context.saveFailure,
  }),
})

describe("contact page rules", () => {
  it("a refused save keeps the draft and says why; a good one stores the server's contact", () => {
    const patch = attributesPatch(contact.attributes, [
      { key: "city", value: "Ankara" },
      { key: "lang", value: "tr" },
    ])
    expect(patch).toEqual({ city: "Ankara", lang: "tr", visits: null })
  })

  it("sends nothing for untouched values, even those that are not text", () => {
    expect(attributesPatch(contact.attributes, draftOf(contact.attributes))).toEqual({})
    expect(draftOf(contact.attributes)).toEqual([
      { key: "city", value: "Izmir" },
      { key: "visits", value: "3" },
    ])
  })

  it("names the row that stops a save", () => {
    expect(draftProblem([{ key: "", value: "x" }])).toEqual({ kind: "emptyKey", row: 0 })
    expect(draftProblem([{ key: "", value: "" }])).toBeNull()
    expect(
      draftProblem([
        { key: "city", value: "x" },
        { key: " city ", value: "y" },
      ]),
    ).toEqual({ kind: "duplicateKey", row: 1 })
    expect(draftProblem([{ key: "k".repeat(65), value: "x" }])).toEqual({ kind: "longKey", row: 0 })
    expect(draftProblem([{ key: "k", value: "v".repeat(1001) }])).toEqual({ kind: "longValue", row: 0 })
    expect(draftProblem(Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, value: "" })))).toEqual({ kind: "tooMany", row: null })
  })

  it("lists only this number's conversations, open ones first, newest first", () => {
    const other = conversation(9, { number: "+9055500000051" })
    const closed = conversation(3, { status: "closed", closed_at: "2026-11-23T10:00:00.000Z" })
    expect(conversationsOf(contact.number, [conversation(1), other, conversation(2)], [closed]).map((c) => c.id)).toEqual([2, 1, 3])
  })
})

describe("Open chat", () => {
  it("hands the chosen conversation to the chat inbox: the customer's number as the search, then selects it", async () => {
    const received: unknown[] = []
    const inbox = fromCallback(({ receive }) => {
      receive((event) => {
        received.push(event)
      })
    })
    const loaded = { segments: [], conversations: [conversation(1), conversation(2, { status: "closed" })], historyFailure: null }
    const root = setup({
      actors: { inbox, page: contactMachine.provide({ actors: { load: fromPromise(async () => loaded) } as never }) },
    }).createMachine({
      invoke: [
        { src: "inbox", systemId: "chat-inbox" },
        { id: "page", src: "page", systemId: "contact-page" },
      ],
    })
    const actor = createActor(root).start()
    const page = actor.system.get("contact-page")
    page.send({ type: "OPEN", contact })
    await waitFor(page, (s) => s.matches({ open: { details: "ready" } }))
    page.send({ type: "CHAT.OPEN", conversationId: 2 })
    expect(received).toEqual([
      { type: "FILTER", patch: { box: "all", channel: null, label: null, status: null, search: contact.number } },
      { type: "conversation.updated", conversation: loaded.conversations[1] },
      { type: "SELECT", id: 2 },
    ])
    page.send({ type: "CHAT.OPEN", conversationId: 99 })
    expect(received).toHaveLength(3)
    actor.stop()
  })
})
