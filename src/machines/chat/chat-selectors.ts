/** What the chat views ask of the inbox and conversation actors, decided here so views stay free of rules. */
import type { Conversation } from "../../contract/schemas/chat"
import type { CannedMessage } from "../../contract/schemas/contacts"
import { type Failure, failureText } from "../common/failure"
import type { ChatAction } from "./chat-actors"
import { canReply, isOpen, windowOpen } from "./chat-logic"

/** Which composer the thread shows. */
export type ComposerMode = "text" | "template" | "closed" | "blocked" | "notMine"

export const composerMode = (c: Conversation, userId: number, now: number = Date.now()): ComposerMode => {
  if (!isOpen(c)) return "closed"
  if (c.blocked) return "blocked"
  if (c.agent_id !== userId) return "notMine"
  return windowOpen(c, now) ? "text" : "template"
}

/** Only a waiting conversation can be taken: the server refuses a colleague's (409), so the button is not offered. */
export const mayTake = (c: Conversation, userId: number) => isOpen(c) && c.agent_id === null && c.agent_id !== userId && !c.blocked
export const mayClose = (c: Conversation) => isOpen(c)
export const mayTransfer = (c: Conversation) => isOpen(c)
export { canReply }

/** The labels the filter offers: those defined for the tenant plus any seen on a conversation. */
export const labelOptions = (all: readonly Conversation[], defined: readonly { name: string }[]): string[] =>
  [...new Set([...defined.map((l) => l.name), ...all.flatMap((c) => c.labels)])].sort((a, b) => a.localeCompare(b))

/** Canned replies for what follows `/` (title, shortcut or text, case-insensitive); shortcut matches first. */
export const cannedMatches = (items: readonly CannedMessage[], query: string, max = 8): CannedMessage[] => {
  const q = query.trim().toLowerCase()
  const scored = items
    .map((c) => {
      // Stored with or without the leading slash ("/r1" or "r1").
      const shortcut = (c.shortcut ?? "").toLowerCase().replace(/^\//, "")
      const score = !q ? 1 : shortcut.startsWith(q) ? 3 : c.title.toLowerCase().includes(q) ? 2 : c.text.toLowerCase().includes(q) ? 1 : 0
      return { c, score }
    })
    .filter((x) => x.score > 0)
  return scored
    .sort((a, b) => b.score - a.score || a.c.title.localeCompare(b.c.title))
    .slice(0, max)
    .map((x) => x.c)
}

/** `/word` at the end of the draft opens the canned picker with `word` as its query; null otherwise. */
export const slashQuery = (draft: string): string | null => {
  const m = /(?:^|\s)\/([^\s/]*)$/.exec(draft)
  return m ? m[1]! : null
}

/** The draft with its trailing `/word` replaced by the canned text. */
export const insertCanned = (draft: string, text: string): string =>
  draft.replace(/(^|\s)\/[^\s/]*$/, (_, lead: string) => `${lead}${text}`)

/** A call the server does not offer yet (501) is shown as a warning, not as an error the agent caused. */
export const isMissingCall = (failure: Failure): boolean => {
  const text = failureText(failure)
  return "key" in text && text.key === "failure.notImplemented"
}

/** The agent's move is running (the background read receipt does not block the buttons). */
export const isBusy = (s: { hasTag: (tag: "acting") => boolean; context: { pendingAction: ChatAction | null } }) =>
  s.hasTag("acting") && s.context.pendingAction?.op !== "read"
