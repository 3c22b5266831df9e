/**
 * A conversation's transcript as one ordered list: its messages (time, direction, sender, agent, attachments' names),
 * what happened to it (opened, assigned, transferred, released, closed), the customer's voice calls while it was open,
 * and the closing note. Messages keep their stored order; the rest slots in by time.
 */
import type { Message } from "../../../src/contract/schemas/chat"
import type { CallEntry } from "../calls"
import type { ConversationRecord } from "../chat"
import type { EntryKind, Labels } from "./labels"

export interface Entry {
  readonly at: string
  readonly kind: EntryKind
  readonly direction: Message["direction"] | null
  readonly sender: string
  readonly agent: string
  readonly text: string
  readonly attachments: readonly string[]
}

export interface Transcript {
  readonly record: ConversationRecord
  readonly entries: readonly Entry[]
}

/** What a message says: its text, an interactive message's body, a media caption. */
export const messageText = (m: Message) => m.body || m.interactive?.body || ""

/** `m:ss`, or `h:mm:ss` from an hour. */
export const durationText = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds))
  const two = (n: number) => String(n).padStart(2, "0")
  const h = Math.floor(s / 3600)
  return h > 0 ? `${h}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`
}

const messageEntry = (m: Message, customer: string, l: Labels): Entry => ({
  at: m.dt,
  kind: "message",
  direction: m.direction,
  sender: m.direction === "inbound" ? customer : m.sender_kind === "bot" ? l.bot : (m.agent_name ?? l.system),
  agent: m.agent_name ?? "",
  text: messageText(m),
  attachments: m.attachments.map((a) => a.name),
})

export const transcriptOf = (record: ConversationRecord, calls: readonly CallEntry[], l: Labels): Transcript => {
  const c = record.conversation
  const customer = c.name ?? c.number
  const others: Entry[] = [
    ...record.events.map(
      (e): Entry => ({
        at: e.at,
        kind: "event",
        direction: null,
        sender: l.system,
        agent: e.agent ?? "",
        text: l.events[e.kind](e.agent ?? l.nobody, e.from ?? l.nobody),
        attachments: [],
      }),
    ),
    ...calls.map(
      (call): Entry => ({
        at: call.at,
        kind: "call",
        direction: null,
        sender: customer,
        agent: call.agent ?? "",
        text: l.call(call.type, call.status, durationText(call.durationSeconds), call.agent ?? ""),
        attachments: [],
      }),
    ),
    ...(record.resolution && c.closed_at
      ? [
          {
            at: c.closed_at,
            kind: "note" as const,
            direction: null,
            sender: l.note,
            agent: c.agent_name ?? "",
            text: record.resolution,
            attachments: [],
          },
        ]
      : []),
  ]
  // Merge by time, messages first at equal times; each list is already in its own order.
  others.sort((a, b) => a.at.localeCompare(b.at))
  const entries: Entry[] = []
  let i = 0
  for (const m of record.messages) {
    while (i < others.length && others[i].at < m.dt) entries.push(others[i++])
    entries.push(messageEntry(m, customer, l))
  }
  entries.push(...others.slice(i))
  return { record, entries }
}
