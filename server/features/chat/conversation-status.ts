/**
 * A conversation's status and who holds it, and how the chat calls move them. The spec names Ongoing Chats and the
 * unassigned queue but not the states, so this rule is ours:
 *  - unassigned: open, in the tenant's queue, no agent holds it (a customer wrote in and nobody took it yet);
 *  - active: an agent holds it (took it, or it was shifted/forwarded to them) and has not answered yet;
 *  - ongoing: the agent holding it has answered, the exchange is under way (the Ongoing Chats page);
 *  - closed: ended by an agent (chat/close): it leaves the inbox and shows in history; the customer's next message
 *    opens a new conversation.
 * A contact has at most one open conversation (conversations_open_contact_uq). SQL that must match that partial
 * index spells `status <> 'closed'` literally: a bound parameter would hide the predicate from the planner.
 */
import { type SQL, sql } from "drizzle-orm"
import type { ConversationStatus } from "../../../src/contract/schemas/chat"
import { badRequest, conflict } from "../../http/errors"

/** A customer's first message opens a conversation in the queue. */
export const NEW_STATUS = "unassigned" satisfies ConversationStatus
export const OPEN_STATUSES = ["unassigned", "active", "ongoing"] as const satisfies readonly ConversationStatus[]
/**
 * An agent holds the conversation: their chats, and the Ongoing Chats page. Migration 0039's `conversation_holder`
 * names the same list in SQL (the agent_loads counters auto-assign and the agent lists read): change both together.
 */
export const HELD_STATUSES = ["active", "ongoing"] as const satisfies readonly ConversationStatus[]
/** Waiting for a reply: in the queue, or held by an agent who has not answered since taking it. */
export const WAITING_STATUSES = ["unassigned", "active"] as const satisfies readonly ConversationStatus[]

/** Where each status may go: an open conversation anywhere, a closed one nowhere (history is not reopened). */
export const TRANSITIONS: Readonly<Record<ConversationStatus, readonly ConversationStatus[]>> = {
  unassigned: ["unassigned", "active", "ongoing", "closed"],
  active: ["unassigned", "active", "ongoing", "closed"],
  ongoing: ["unassigned", "active", "ongoing", "closed"],
  closed: [],
}

export interface Holding {
  readonly status: ConversationStatus
  readonly agentId: number | null
}

/** What happens to a conversation. */
export type Step =
  /** Shift, forward, or assignment by a colleague. */
  | { readonly type: "handOver"; readonly agentId: number }
  /** The caller takes it for themself: refused while a colleague holds it. */
  | { readonly type: "take"; readonly agentId: number }
  /** Back to the queue. */
  | { readonly type: "release" }
  /** An agent's (or, with `by` null, an API client's) message to the customer. */
  | { readonly type: "reply"; readonly by: number | null }
  /** The live update by number asks for a status; `by` holds it when nobody does. */
  | { readonly type: "set"; readonly status: ConversationStatus; readonly by: number }
  | { readonly type: "close" }

/** The status each step leads to (`set`: the one asked for). */
export const STEP_STATUS = {
  handOver: "active",
  take: "active",
  release: "unassigned",
  reply: "ongoing",
  close: "closed",
} as const satisfies Record<Exclude<Step["type"], "set">, ConversationStatus>

export const isOpen = (status: string): boolean => (OPEN_STATUSES as readonly string[]).includes(status)

export const closedError = () => conflict("The conversation is closed", "conversation_id")

const target = (from: Holding, step: Step): Holding => {
  switch (step.type) {
    case "take":
      if (from.agentId !== null && from.agentId !== step.agentId) throw conflict("A colleague already took this conversation", "agent_id")
      return from.agentId === step.agentId ? from : { status: STEP_STATUS.take, agentId: step.agentId }
    case "handOver":
      // The holder keeps the status they reached: an ongoing chat handed to its own agent stays ongoing.
      return from.agentId === step.agentId ? from : { status: STEP_STATUS.handOver, agentId: step.agentId }
    case "release":
      return { status: STEP_STATUS.release, agentId: null }
    case "reply":
      return { status: STEP_STATUS.reply, agentId: from.agentId ?? step.by }
    case "close":
      return { status: STEP_STATUS.close, agentId: from.agentId }
    case "set":
      if (step.status === "unassigned") return { status: step.status, agentId: null }
      if (step.status === "closed") return { status: step.status, agentId: from.agentId }
      return { status: step.status, agentId: from.agentId ?? step.by }
  }
}

/** Where `step` takes a conversation; a closed one takes no step (409). */
export const next = (from: Holding, step: Step): Holding => {
  const to = target(from, step)
  if (!TRANSITIONS[from.status].includes(to.status)) throw closedError()
  return to
}

/** The end state of a change checked: an unassigned conversation has no holder, a held one needs one (400). */
export const settled = (holding: Holding): Holding => {
  if (holding.status === "unassigned") return { status: holding.status, agentId: null }
  if ((HELD_STATUSES as readonly string[]).includes(holding.status) && holding.agentId === null)
    throw badRequest("An active conversation needs an agent", "agent_id")
  return holding
}

/** `IN (...)` over `statuses`, for list filters. */
export const statusIn = (statuses: readonly ConversationStatus[]): SQL =>
  sql`(${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`
