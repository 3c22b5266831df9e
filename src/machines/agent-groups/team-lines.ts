/**
 * Team chat's pure rules: a group or one-to-one message as a line of the open thread, which thread a live message
 * belongs to, merging pages and arrivals without doubles, and unread counts.
 */
import type { Colleague, DirectMessage, GroupMessage, MyAgentGroup } from "../../contract/schemas/agent-groups"

export interface Thread {
  readonly kind: "group" | "user"
  readonly id: number
}

export interface Line {
  readonly id: number
  readonly mine: boolean
  /** Who wrote it in a group; null in a one-to-one thread. */
  readonly author: string | null
  readonly text: string
  readonly dt: string
  /** Whether the colleague read my one-to-one message; null for others' lines and group lines. */
  readonly read: boolean | null
}

export const groupLine = (m: GroupMessage, me: number): Line => ({
  id: m.id,
  mine: m.sender_id === me,
  author: m.sender_name,
  text: m.text,
  dt: m.dt,
  read: null,
})

export const directLine = (m: DirectMessage, me: number): Line => ({
  id: m.id,
  mine: m.from_user_id === me,
  author: null,
  text: m.text,
  dt: m.dt,
  read: m.from_user_id === me ? m.read : null,
})

/** The one-to-one thread a direct message belongs to, seen from `me`. */
export const peerOf = (m: DirectMessage, me: number) => (m.from_user_id === me ? m.to_user_id : m.from_user_id)

export const sameThread = (a: Thread | null, b: Thread) => a !== null && a.kind === b.kind && a.id === b.id

/** Lines oldest first, each id once (a page, an arrival and a send's answer may carry the same message). */
export const mergeLines = (lines: readonly Line[], more: readonly Line[]): Line[] => {
  const byId = new Map(lines.map((line) => [line.id, line]))
  for (const line of more) byId.set(line.id, line)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

export const totalUnread = (groups: readonly MyAgentGroup[], colleagues: readonly Colleague[]) =>
  groups.reduce((n, g) => n + g.unread, 0) + colleagues.reduce((n, c) => n + c.unread, 0)

/** The list with one item's unread count changed (`null` clears it, a number adds to it) and its last message time. */
export const bump = <T extends { readonly id: number; readonly unread: number; readonly last_message_at: string | null }>(
  items: readonly T[],
  id: number,
  add: number | null,
  at?: string,
): T[] =>
  items.map((item) =>
    item.id === id ? { ...item, unread: add === null ? 0 : item.unread + add, last_message_at: at ?? item.last_message_at } : item,
  )
