/**
 * Model-based test of the quick-jump box (common/model-check.testing.ts): opening, typing, the pause before a
 * conversation search and its answer or failure, moving the highlight, choosing and closing, replayed on a real actor
 * whose search is scripted. Screens are found by every word of their title; found conversations follow them, and
 * choosing one opens it in the chat inbox before going to /apps/chat.
 */
import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, setup } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import type { Contact } from "../../contract/schemas/contacts"
import { checkModel } from "../common/model-check.testing"
import {
  CONTACTS,
  contactTarget,
  conversationTarget,
  type JumpTarget,
  matchesOf,
  type QuickJumpEvent,
  quickJumpMachine,
  SEARCH_WAIT_MS,
} from "./quick-jump-machine"

const targets: JumpTarget[] = [
  { path: "/apps/chat", title: "Chat" },
  { path: "/report/chat", title: "Chat Report" },
  { path: "/apps/users", title: "Kullanıcılar" },
  { path: "/sms/send", title: "Send SMS" },
]

const selin: Conversation = {
  id: 41,
  number: "+905551112233",
  name: "Selin Chat",
  channel_type: "whatsapp",
  status: "active",
  agent_id: null,
  agent_name: null,
  last_message: "hello",
  last_message_at: "2026-11-28T10:00:00.000Z",
  unread: 1,
  labels: [],
  blocked: false,
  started_at: "2026-11-28T09:00:00.000Z",
  closed_at: null,
  session_expires_at: null,
}

const selinContact: Contact = {
  id: 9,
  number: "+905551112233",
  name: "Selin Contact",
  email: null,
  channel_type: "whatsapp",
  blocked: false,
  attributes: {},
  group_ids: [],
  created_at: "2026-11-01T09:00:00.000Z",
  last_seen_at: null,
}

const AFTER = "xstate.after.wait.quickJump.open.waiting"
const found = { type: "xstate.done.actor.find", output: [conversationTarget(selin)] }
const failed = { type: "xstate.error.actor.find", error: new Error("offline") }

checkModel({
  name: "quick-jump box",
  machine: quickJumpMachine,
  sources: ["findCustomers"],
  states: ["closed", "open.idle", "open.waiting", "open.searching"],
  after: { type: AFTER, ms: SEARCH_WAIT_MS },
  events: [
    { type: "JUMP.OPEN", targets },
    { type: "JUMP.TYPE", query: "chat" },
    { type: "JUMP.TYPE", query: "KULLANICI" },
    { type: "JUMP.TYPE", query: "s" },
    { type: AFTER },
    found,
    failed,
    { type: "JUMP.NEXT" },
    { type: "JUMP.PREV" },
    { type: "JUMP.CHOOSE" },
    { type: "JUMP.CHOOSE", index: 2 },
    { type: "JUMP.CLOSE" },
  ],
  stories: [
    // Typing again while searching drops the search; the answer of the new one counts.
    [
      { type: "JUMP.OPEN", targets },
      { type: "JUMP.TYPE", query: "chat" },
      { type: AFTER },
      { type: "JUMP.TYPE", query: "chat r" },
      { type: AFTER },
      found,
    ],
    [
      { type: "JUMP.OPEN", targets },
      { type: "JUMP.TYPE", query: "chat" },
      { type: AFTER },
      failed,
      { type: "JUMP.PREV" },
      { type: "JUMP.CHOOSE" },
    ],
    // Escape while a search waits closes the box; nothing is looked for.
    [{ type: "JUMP.OPEN", targets }, { type: "JUMP.TYPE", query: "chat" }, { type: "JUMP.CLOSE" }],
  ],
  key: (s) => [s.value, s.context.query, s.context.active, s.context.found.length],
  view: (s) => ({ value: s.value, context: s.context }),
})

describe("quick-jump box", () => {
  it("finds screens by every word of their title, ignoring case, accents and the Turkish dotless i", () => {
    expect(matchesOf(targets, "chat").map((t) => t.path)).toEqual(["/apps/chat", "/report/chat"])
    expect(matchesOf(targets, "report CHAT").map((t) => t.path)).toEqual(["/report/chat"])
    expect(matchesOf(targets, "kullanici").map((t) => t.path)).toEqual(["/apps/users"])
    expect(matchesOf(targets, "sms").map((t) => t.path)).toEqual(["/sms/send"])
    expect(matchesOf(targets, "")).toHaveLength(targets.length)
  })

  it("lists found conversations after the screens; choosing one opens it in the inbox and goes to the chat", async () => {
    const received: unknown[] = []
    const searched: string[] = []
    const inbox = fromCallback(({ receive }) => {
      receive((event) => {
        received.push(event)
      })
    })
    const jump = quickJumpMachine.provide({
      actors: {
        findCustomers: fromPromise(async ({ input }: { input: string }) => {
          searched.push(input)
          return [conversationTarget(selin), contactTarget(selinContact)]
        }) as never,
      },
    })
    const root = setup({ actors: { inbox, jump } }).createMachine({
      invoke: [
        { src: "inbox", systemId: "chat-inbox" },
        { src: "jump", systemId: "quickJump" },
      ],
    })
    const actor = createActor(root).start()
    const box = actor.system.get("quickJump")
    const went: string[] = []
    const handed: unknown[] = []
    box.on("go", (event: { path: string; contact?: unknown }) => {
      went.push(event.path)
      handed.push(event.contact)
    })
    box.send({ type: "JUMP.OPEN", targets } satisfies QuickJumpEvent)
    box.send({ type: "JUMP.TYPE", query: "c" } satisfies QuickJumpEvent)
    box.send({ type: "JUMP.TYPE", query: " chat " } satisfies QuickJumpEvent)
    await new Promise((resolve) => setTimeout(resolve, SEARCH_WAIT_MS + 50))
    expect(searched).toEqual(["chat"])
    expect(box.getSnapshot().context.matches.map((t: JumpTarget) => t.title)).toEqual([
      "Chat",
      "Chat Report",
      "Selin Chat · +905551112233",
      "Selin Contact · +905551112233",
    ])
    box.send({ type: "JUMP.CHOOSE", index: 2 } satisfies QuickJumpEvent)
    expect(went).toEqual(["/apps/chat"])
    expect(received).toEqual([
      { type: "FILTER", patch: { box: "all", channel: null, label: null, status: null, search: selin.number } },
      { type: "conversation.updated", conversation: selin },
      { type: "SELECT", id: selin.id },
    ])
    box.send({ type: "JUMP.OPEN", targets } satisfies QuickJumpEvent)
    box.send({ type: "JUMP.CHOOSE", index: 1 } satisfies QuickJumpEvent)
    expect(went).toEqual(["/apps/chat", "/report/chat"])
    expect(received).toHaveLength(3)
    // A found contact goes to the contact book with the contact handed along (its page opens there).
    box.send({ type: "JUMP.OPEN", targets } satisfies QuickJumpEvent)
    box.send({ type: "JUMP.TYPE", query: "selin" } satisfies QuickJumpEvent)
    await new Promise((resolve) => setTimeout(resolve, SEARCH_WAIT_MS + 50))
    box.send({ type: "JUMP.CHOOSE", index: 1 } satisfies QuickJumpEvent)
    expect(went).toEqual(["/apps/chat", "/report/chat", CONTACTS])
    expect(handed).toEqual([undefined, undefined, selinContact])
    expect(received).toHaveLength(3)
    actor.stop()
  })
})
