/**
 * What the inbox tells the announcer (the shell's live regions): a conversation joining the queue and a customer's
 * message in the open conversation, politely and once each, however often the socket repeats them; nothing for the
 * agent's own messages, for conversations not open, or for a conversation already waiting.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { ANNOUNCED_CHARS } from "./inbox-machine"
import { conv, ME, msg, startInbox } from "./inbox-harness.testing"

afterEach(() => vi.useRealTimers())

const started = async () => {
  vi.useFakeTimers()
  const r = startInbox({ announced: true })
  await r.send({ type: "INBOX.START", userId: ME })
  await r.send({ type: "xstate.done.actor.list", output: { items: [conv(1), conv(2)], total: 2 } })
  await r.send({ type: "rt.status", status: "connected" })
  const heard: unknown[] = []
  r.announcer?.subscribe((s) => {
    const said = s.context.polite
    if (said && said.seq > heard.length) heard.push(said.words)
  })
  return { ...r, heard }
}

describe("chat inbox announcements", () => {
  it("announces a customer's message in the open conversation once, by its start", async () => {
    const r = await started()
    await r.send({ type: "SELECT", id: 1 })
    const long = { ...msg(10, 1), body: "x".repeat(ANNOUNCED_CHARS + 50) }
    await r.send({ type: "rt.chat:message", seq: 1, conversation: conv(1), message: long })
    // A relay repeating the event under another seq is still the same message.
    await r.send({ type: "rt.chat:message", seq: 2, conversation: conv(1), message: long })
    await r.send({ type: "rt.chat:message", seq: 3, conversation: conv(1), message: { ...msg(11, 1), body: null } })
    expect(r.heard).toEqual([
      { key: "shell.announce.message", values: { name: "C1", text: "x".repeat(ANNOUNCED_CHARS) } },
      { key: "shell.announce.attachment", values: { name: "C1" } },
    ])
  })

  it("stays silent for the agent's own messages and for conversations not open", async () => {
    const r = await started()
    await r.send({ type: "SELECT", id: 1 })
    await r.send({ type: "rt.chat:message", seq: 1, conversation: conv(1), message: { ...msg(12, 1), direction: "outbound" } })
    await r.send({ type: "rt.chat:message", seq: 2, conversation: conv(2), message: msg(20, 2) })
    expect(r.heard).toEqual([])
  })

  it("announces a conversation joining the queue once, not while it waits, and again when it comes back later", async () => {
    const r = await started()
    const waiting = conv(3, { status: "unassigned", agent_id: null, agent_name: null, name: null })
    await r.send({ type: "rt.chat:message", seq: 1, conversation: waiting, message: msg(30, 3) })
    await r.send({ type: "rt.chat:message", seq: 2, conversation: waiting, message: msg(31, 3) })
    await r.send({ type: "rt.chat:conversation", seq: 3, conversation: { ...waiting, status: "closed" } })
    await r.send({
      type: "rt.chat:conversation",
      seq: 4,
      conversation: { ...waiting, started_at: "2026-11-23T09:00:00Z" },
    })
    const queued = { key: "shell.announce.queue", values: { name: waiting.number } }
    expect(r.heard).toEqual([queued, queued])
  })
})
