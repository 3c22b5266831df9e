/**
 * The chat inbox's pure rules, shared by the machines, the selectors and the tests: which conversations a filter
 * shows, how real-time events apply (once by seq, in any order; records upserted by id), how message pages merge, and the
 * 24-hour customer-service window.
 */
import type { Channel } from "../../contract/schemas/common"
import type { Conversation, ConversationStatus, Message } from "../../contract/schemas/chat"

export type Box = "mine" | "unassigned" | "all"

export interface InboxFilters {
  readonly box: Box
  readonly channel: Channel | null
  readonly label: string | null
  /** Only for the "all" box; null means every open conversation. */
  readonly status: ConversationStatus | null
  readonly search: string
}

export const DEFAULT_FILTERS: InboxFilters = { box: "mine", channel: null, label: null, status: null, search: "" }

export const isOpen = (c: Conversation) => c.status !== "closed"

/** Whether a conversation belongs in the list the filters describe (also decides where a pushed record goes). */
export const matches = (c: Conversation, f: InboxFilters, userId: number): boolean => {
  if (f.box === "mine" && !(c.agent_id === userId && isOpen(c))) return false
  if (f.box === "unassigned" && !(c.agent_id === null && isOpen(c))) return false
  if (f.box === "all" && (f.status ? c.status !== f.status : !isOpen(c))) return false
  if (f.channel && c.channel_type !== f.channel) return false
  if (f.label && !c.labels.includes(f.label)) return false
  const q = f.search.trim().toLowerCase()
  if (q && !(c.number.toLowerCase().includes(q) || (c.name ?? "").toLowerCase().includes(q))) return false
  return true
}

const time = (value: string | null) => (value ? Date.parse(value) || 0 : 0)

/** Newest activity first; ties by id so the order is stable. */
export const byActivity = (a: Conversation, b: Conversation) =>
  time(b.last_message_at ?? b.started_at) - time(a.last_message_at ?? a.started_at) || b.id - a.id

export const visibleConversations = (all: readonly Conversation[], f: InboxFilters, userId: number): Conversation[] =>
  all.filter((c) => matches(c, f, userId)).sort(byActivity)

export const upsertConversation = (list: readonly Conversation[], c: Conversation): Conversation[] => {
  const i = list.findIndex((x) => x.id === c.id)
  if (i < 0) return [...list, c]
  const next = list.slice()
  next[i] = c
  return next
}

/**
 * The seqs the inbox applied. A seq is the event's row in the server's `chat_events`: one database sequence for every
 * node, so two nodes' events may arrive out of order, and a relay may repeat one. An event applies once: when its seq
 * is above `floor` and not among `recent` (the highest SEEN_SEQS applied, ascending). Seq 0 (typing) is not stored
 * and always applies.
 */
export interface AppliedSeqs {
  readonly floor: number
  readonly recent: readonly number[]
}

/** Far more than arrive between an event and its straggler or repeat (a relay retries within seconds). */
export const SEEN_SEQS = 1000

export const NO_SEQS: AppliedSeqs = { floor: 0, recent: [] }

export const isNewSeq = (seen: AppliedSeqs, seq: number): boolean => seq === 0 || (seq > seen.floor && !seen.recent.includes(seq))

/** Remembers an applied seq; past SEEN_SEQS the lowest is forgotten and becomes the floor. */
export const withSeq = (seen: AppliedSeqs, seq: number): AppliedSeqs => {
  if (!isNewSeq(seen, seq) || seq === 0) return seen
  const at = seen.recent.findIndex((s) => s > seq)
  const recent = at < 0 ? [...seen.recent, seq] : [...seen.recent.slice(0, at), seq, ...seen.recent.slice(at)]
  if (recent.length <= SEEN_SEQS) return { floor: seen.floor, recent }
  return { floor: recent[0]!, recent: recent.slice(1) }
}

/**
 * After the list was read again: an unapplied event numbered below the highest applied one was written before that one,
 * so what it brings is, but for a writer whose transaction was still open at the read, in what was just read; such a
 * straggler no longer applies (it would put an older record over the fresh one).
 */
export const seqsAfterReload = (seen: AppliedSeqs): AppliedSeqs => ({
  floor: Math.max(seen.floor, seen.recent.at(-1) ?? 0),
  recent: [],
})

/** Oldest first, by time then id; a message already held is replaced (the newer record wins). */
export const mergeMessages = (held: readonly Message[], incoming: readonly Message[]): Message[] => {
  if (incoming.length === 0) return held as Message[]
  const byId = new Map<number, Message>()
  for (const m of held) byId.set(m.id, m)
  for (const m of incoming) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => time(a.dt) - time(b.dt) || a.id - b.id)
}

export const STATUS_RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4, received: 0 }

/** Delivery reports can arrive out of order: a status never goes backwards (read stays read). */
export const withStatus = (messages: readonly Message[], messageId: number, status: Message["status"]): Message[] =>
  messages.map((m) => (m.id === messageId && (STATUS_RANK[status] ?? 0) >= (STATUS_RANK[m.status] ?? 0) ? { ...m, status } : m))

/** Whether free text may still be sent: inside the 24-hour window (no expiry known means no window applies). */
export const windowOpen = (c: Conversation, now: number = Date.now()): boolean =>
  c.session_expires_at === null || time(c.session_expires_at) > now

/** Whether the signed-in agent may write in this conversation at all (a template still needs this). */
export const canReply = (c: Conversation, userId: number): boolean => isOpen(c) && !c.blocked && c.agent_id === userId

/** Sum of unread messages in a list (the tab badges). */
export const unreadOf = (list: readonly Conversation[]) => list.reduce((sum, c) => sum + c.unread, 0)
