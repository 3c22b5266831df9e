/** The chat inbox's pure rules: the composer's mode and the 24-hour window, `/` canned replies, transcript days. */
import { describe, expect, it } from "vitest"
import { cannedMatches, composerMode, insertCanned, mayTake, slashQuery } from "./chat-selectors"
import { isNewSeq, matches, mergeMessages, NO_SEQS, SEEN_SEQS, seqsAfterReload, windowOpen, withSeq, withStatus } from "./chat-logic"
import { previewOf, transcriptRows } from "./chat-format"
import type { Conversation, Message } from "../../contract/schemas/chat"
import type { CannedMessage } from "../../contract/schemas/contacts"

const NOW = Date.parse("2026-11-22T10:00:00Z")
const c = (over: Partial<Conversation> = {}): Conversation => ({
  id: 1,
  number: "905551112233",
  name: "Ayşe",
  channel_type: "whatsapp",
  status: "active",
  agent_id: 7,
  agent_name: "K",
  last_message: null,
  last_message_at: null,
  unread: 0,
  labels: ["vip"],
  blocked: false,
  started_at: "2026-11-22T09:00:00Z",
  closed_at: null,
  session_expires_at: "2026-11-23T09:00:00Z",
  ...over,
})
const m = (id: number, dt: string, over: Partial<Message> = {}): Message => ({
  id,
  external_id: null,
  conversation_id: 1,
  number: "1",
  channel_type: "whatsapp",
  direction: "outbound",
  type: "text",
  body: "x",
  attachments: [],
  interactive: null,
  status: "sent",
  agent_name: null,
  dt,
  ...over,
})
const canned = (id: number, title: string, text: string, shortcut: string | null): CannedMessage => ({
  id,
  type: "chat",
  title,
  text,
  shortcut,
  shared: true,
  created_by: null,
  created_at: "2026-01-01T00:00:00Z",
})

describe("composer mode and the 24-hour window", () => {
  it("text inside the window, a template after it; closed, blocked and others' conversations say why", () => {
    expect(composerMode(c(), 7, NOW)).toBe("text")
    expect(composerMode(c({ session_expires_at: "2026-11-22T09:59:59Z" }), 7, NOW)).toBe("template")
    expect(composerMode(c({ session_expires_at: null }), 7, NOW)).toBe("text")
    expect(composerMode(c({ status: "closed" }), 7, NOW)).toBe("closed")
    expect(composerMode(c({ blocked: true }), 7, NOW)).toBe("blocked")
    expect(composerMode(c({ agent_id: 8 }), 7, NOW)).toBe("notMine")
    expect(windowOpen(c({ session_expires_at: "2026-11-22T10:00:01Z" }), NOW)).toBe(true)
  })
  it("only a waiting conversation can be taken", () => {
    expect(mayTake(c({ agent_id: null }), 7)).toBe(true)
    expect(mayTake(c({ agent_id: 8 }), 7)).toBe(false)
    expect(mayTake(c(), 7)).toBe(false)
    expect(mayTake(c({ agent_id: null, status: "closed" }), 7)).toBe(false)
  })
  it("filters: box, channel, label, search by name or number", () => {
    const f = { box: "all" as const, channel: null, label: null, status: null, search: "" }
    expect(matches(c(), { ...f, label: "vip" }, 7)).toBe(true)
    expect(matches(c(), { ...f, label: "other" }, 7)).toBe(false)
    expect(matches(c(), { ...f, channel: "sms" }, 7)).toBe(false)
    expect(matches(c(), { ...f, search: "ayş" }, 7)).toBe(true)
    expect(matches(c(), { ...f, search: "5551112" }, 7)).toBe(true)
    expect(matches(c({ status: "closed" }), f, 7)).toBe(false)
    expect(matches(c({ status: "closed" }), { ...f, status: "closed" }, 7)).toBe(true)
    expect(matches(c({ agent_id: null }), { ...f, box: "unassigned" }, 7)).toBe(true)
    expect(matches(c({ agent_id: 8 }), { ...f, box: "mine" }, 7)).toBe(false)
  })
})

describe("canned replies behind /", () => {
  const items = [
    canned(1, "Greeting", "Hello! How can I help?", "/hi"),
    canned(2, "Refund", "Your refund is on its way", "refund"),
    canned(3, "Bye", "Goodbye, hi to all", null),
  ]
  it("opens on a trailing /word only", () => {
    expect(slashQuery("/")).toBe("")
    expect(slashQuery("thanks /ref")).toBe("ref")
    expect(slashQuery("a/b")).toBeNull()
    expect(slashQuery("/ref done")).toBeNull()
  })
  it("shortcut first (with or without its slash), then title, then text", () => {
    expect(cannedMatches(items, "hi").map((x) => x.id)).toEqual([1, 3])
    expect(cannedMatches(items, "refund").map((x) => x.id)).toEqual([2])
    expect(cannedMatches(items, "").map((x) => x.id)).toEqual([3, 1, 2])
  })
  it("replaces the /word with the reply", () => {
    expect(insertCanned("Sure. /ref", "Your refund is on its way")).toBe("Sure. Your refund is on its way")
    expect(insertCanned("/", "Hello")).toBe("Hello")
  })
})

describe("events apply once by seq, in any order", () => {
  const applied = (...seqs: number[]) => seqs.reduce(withSeq, NO_SEQS)

  it("an older seq arriving after a newer one applies once; a repeat of either does not", () => {
    const seen = applied(20)
    expect(isNewSeq(seen, 19)).toBe(true)
    const both = withSeq(seen, 19)
    expect(both.recent).toEqual([19, 20])
    expect(isNewSeq(both, 19)).toBe(false)
    expect(isNewSeq(both, 20)).toBe(false)
    expect(isNewSeq(both, 21)).toBe(true)
  })

  it("typing (seq 0, not stored) always applies and is not remembered", () => {
    expect(isNewSeq(applied(5), 0)).toBe(true)
    expect(withSeq(applied(5), 0)).toEqual(applied(5))
  })

  it("keeps the highest SEEN_SEQS; the lowest forgotten becomes the floor", () => {
    const many = Array.from({ length: SEEN_SEQS + 2 }, (_, i) => SEEN_SEQS + 2 - i)
    const seen = applied(...many)
    expect(seen.recent).toHaveLength(SEEN_SEQS)
    expect(seen.floor).toBe(2)
    expect(isNewSeq(seen, 1)).toBe(false)
    expect(isNewSeq(seen, 3)).toBe(false)
    expect(isNewSeq(seen, SEEN_SEQS + 3)).toBe(true)
  })

  it("after a reload nothing at or below the highest applied seq applies", () => {
    const seen = seqsAfterReload(applied(7, 9))
    expect([6, 8, 9, 10].map((s) => isNewSeq(seen, s))).toEqual([false, false, false, true])
  })
})

describe("messages", () => {
  it("merge by id, oldest first; statuses never go backwards", () => {
    const merged = mergeMessages(
      [m(2, "2026-11-22T09:02:00Z"), m(1, "2026-11-22T09:01:00Z")],
      [m(2, "2026-11-22T09:02:00Z", { status: "read" }), m(3, "2026-11-21T09:00:00Z")],
    )
    expect(merged.map((x) => [x.id, x.status])).toEqual([
      [3, "sent"],
      [1, "sent"],
      [2, "read"],
    ])
    expect(withStatus(merged, 2, "delivered").find((x) => x.id === 2)!.status).toBe("read")
    expect(withStatus(merged, 1, "failed").find((x) => x.id === 1)!.status).toBe("failed")
  })
  it("a day row before the first message of each day", () => {
    const rows = transcriptRows([m(1, "2026-11-21T09:00:00"), m(2, "2026-11-21T18:00:00"), m(3, "2026-11-22T08:00:00")])
    expect(rows.map((r) => (r.kind === "day" ? r.key : r.message.id))).toEqual(["2026-11-21", 1, 2, "2026-11-22", 3])
  })
  it("media open in the shared preview dialog with their link and file name", () => {
    const image = m(1, "2026-11-22T09:00:00Z", {
      type: "image",
      attachments: [{ id: 4, name: "a.png", mime_type: "image/png", size: 3, url: "/api/files/4" }],
    })
    expect(previewOf(image)).toEqual({
      message_type: "image",
      message_body: "/api/files/4",
      attachments: [{ name: "filename", value: "a.png" }],
      interactive: null,
    })
  })
})
