/** Team chat, model-based (common/model-check.testing.ts), and its line rules. */
import { describe, expect, it } from "vitest"
import type { Colleague, MyAgentGroup } from "../../contract/schemas/agent-groups"
import { TEAM_PAGE_SIZE } from "../../contract/agent-groups-events"
import { checkModel } from "../common/model-check.testing"
import { teamChatMachine } from "./team-chat-machine"
import { bump, directLine, type Line, mergeLines, peerOf, totalUnread } from "./team-lines"

const ME = 7
const group: MyAgentGroup = {
  id: 3,
  name: "Night shift",
  description: null,
  members_count: 2,
  created_by: 1,
  last_message_at: null,
  created_at: "2026-01-01T10:00:00Z",
  unread: 2,
}
const colleague: Colleague = { id: 9, username: "agent9", display_name: "Agent Nine", online: true, unread: 1, last_message_at: null }
const line = (id: number): Line => ({ id, mine: false, author: "Agent Nine", text: `m${id}`, dt: "2026-01-01T10:00:00Z", read: null })
const fullPage = Array.from({ length: TEAM_PAGE_SIZE }, (_, i) => line(100 - i)).reverse()
const fromOther = { id: 200, group_id: 3, sender_id: 9, sender_name: "Agent Nine", text: "hello", dt: "2026-01-01T11:00:00Z" }

checkModel({
  name: "team chat",
  machine: teamChatMachine,
  input: { me: ME },
  sources: ["socket", "loadLists", "loadThread", "send", "markRead"],
  states: [
    "lists.loading",
    "lists.ready",
    "lists.failed",
    "thread.none",
    "thread.loading",
    "thread.ready",
    "thread.older",
    "thread.failed",
    "composer.idle",
    "composer.sending",
    "marking.idle",
    "marking.marking",
  ],
  events: [
    { type: "xstate.done.actor.loadLists", output: { groups: [group], colleagues: [colleague] } },
    { type: "xstate.error.actor.loadLists", error: new Error("offline") },
    { type: "RETRY" },
    { type: "SHOW" },
    { type: "HIDE" },
    { type: "SELECT", thread: { kind: "group", id: 3 } },
    { type: "xstate.done.actor.loadThread", output: fullPage },
    { type: "xstate.error.actor.loadThread", error: new Error("404") },
    { type: "OLDER" },
    { type: "xstate.done.actor.loadOlder", output: [line(50)] },
    { type: "DRAFT", text: "hi" },
    { type: "SEND" },
    { type: "xstate.done.actor.send", output: [{ ...line(300), mine: true }] },
    { type: "xstate.error.actor.send", error: Object.assign(new Error("Group not found"), { status: 404 }) },
    { type: "rt.team:group-message", message: fromOther },
    { type: "xstate.done.actor.markRead", output: [] },
    { type: "rt.team:groups", group_id: 3 },
    { type: "BACK" },
  ],
  stories: [
    [
      { type: "SELECT", thread: { kind: "group", id: 3 } },
      { type: "DRAFT", text: "hi" },
      { type: "SEND" },
      { type: "xstate.error.actor.send", error: Object.assign(new Error("Group not found"), { status: 404 }) },
    ],
    [
      { type: "xstate.done.actor.loadLists", output: { groups: [group], colleagues: [colleague] } },
      { type: "rt.team:groups", group_id: 3 },
      { type: "xstate.done.actor.loadLists", output: { groups: [], colleagues: [colleague] } },
    ],
    [
      { type: "xstate.done.actor.loadLists", output: { groups: [group], colleagues: [colleague] } },
      { type: "rt.status", status: "disconnected" },
      { type: "rt.status", status: "connected" },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.visible,
    s.context.thread?.id ?? null,
    s.context.draft !== "",
    s.context.lines.length > TEAM_PAGE_SIZE,
    s.context.groups.map((g: MyAgentGroup) => Math.min(g.unread, 3)),
  ],
  view: (s) => ({
    groups: s.context.groups,
    colleagues: s.context.colleagues,
    thread: s.context.thread,
    lines: s.context.lines,
    hasMore: s.context.hasMore,
    draft: s.context.draft,
    visible: s.context.visible,
    listsFailure: s.context.listsFailure,
    threadFailure: s.context.threadFailure,
    sendFailure: s.context.sendFailure,
  }),
})

describe("team chat rules", () => {
  it("adds to or clears one item's unread count and sums every count", () => {
    expect(bump([group], 3, 1, "2026-02-01T00:00:00Z")[0]).toMatchObject({ unread: 3, last_message_at: "2026-02-01T00:00:00Z" })
    expect(bump([group], 3, null)[0].unread).toBe(0)
    expect(totalUnread([group], [colleague])).toBe(3)
  })

  it("keeps lines oldest first with each id once, and tells my one-to-one messages' read ticks", () => {
    expect(mergeLines([line(2), line(1)], [line(2), line(3)]).map((l) => l.id)).toEqual([1, 2, 3])
    const mine = directLine({ id: 5, from_user_id: ME, to_user_id: 9, text: "x", read: true, dt: "2026-01-01T00:00:00Z" }, ME)
    expect([mine.mine, mine.read]).toEqual([true, true])
    const theirs = directLine({ id: 6, from_user_id: 9, to_user_id: ME, text: "y", read: false, dt: "2026-01-01T00:00:00Z" }, ME)
    expect([theirs.mine, theirs.read]).toEqual([false, null])
    expect(peerOf({ id: 6, from_user_id: 9, to_user_id: ME, text: "y", read: false, dt: "" }, ME)).toBe(9)
  })
})
