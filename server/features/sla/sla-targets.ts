/**
 * Which SLA targets a conversation started and where each stands, from its messages alone (pure):
 *  - a response target starts at a customer's message that nobody is answering yet (first response before any agent
 *    reply, next response after one) and is met by the next agent's message; a close also ends it, decided by when;
 *  - the resolution target starts at the customer's first message and is met by the close; it is paused from each
 *    agent's reply to the customer's next message (the conversation waits on the customer);
 *  - a bot's or an automated message is nobody's reply: the customer still waits for a person.
 * A target is breached when it was met (or is still open) past its due instant, near breach once `near_percent` of it
 * has passed. The policy is chosen by `choosePolicy` (most specific wins).
 */
import type { SlaMetric, SlaPolicy, SlaPriority } from "../../../src/contract/groups/sla"
import { type Calendar, type Span, dueAt, elapsed, runningAt } from "./sla-clock"

export interface TimelineMessage {
  readonly at: number
  readonly from: "customer" | "agent"
}

export interface Timeline {
  /** Sorted by time. */
  readonly messages: readonly TimelineMessage[]
  readonly closedAt: number | null
}

export interface StartedTarget {
  readonly metric: SlaMetric
  readonly startedAt: number
  readonly metAt: number | null
  readonly pauses: readonly Span[]
}

export const startedTargets = (timeline: Timeline): StartedTarget[] => {
  const out: StartedTarget[] = []
  const pauses: Span[] = []
  let firstInbound: number | null = null
  let waitingSince: number | null = null
  let answered = false
  let pausedSince: number | null = null
  for (const m of timeline.messages) {
    if (m.from === "customer") {
      firstInbound ??= m.at
      if (pausedSince !== null) pauses.push({ start: pausedSince, end: m.at })
      pausedSince = null
      waitingSince ??= m.at
      continue
    }
    if (waitingSince !== null) {
      out.push({ metric: answered ? "next_response" : "first_response", startedAt: waitingSince, metAt: m.at, pauses: [] })
      waitingSince = null
      answered = true
    }
    if (firstInbound !== null) pausedSince ??= m.at
  }
  if (waitingSince !== null)
    out.push({ metric: answered ? "next_response" : "first_response", startedAt: waitingSince, metAt: timeline.closedAt, pauses: [] })
  if (firstInbound !== null) {
    const open = pausedSince === null ? [] : [{ start: pausedSince, end: timeline.closedAt ?? Number.POSITIVE_INFINITY }]
    out.push({ metric: "resolution", startedAt: firstInbound, metAt: timeline.closedAt, pauses: [...pauses, ...open] })
  }
  return out
}

export interface Assessed extends StartedTarget {
  readonly targetMs: number
  /** null while a pause with no end holds the clock. */
  readonly dueAt: number | null
  readonly nearDueAt: number | null
  readonly breached: boolean
  readonly near: boolean
  /** Business milliseconds left at `now` (or at the meeting); negative once breached. */
  readonly remainingMs: number
  /** Whether business time passes at `now` for this target. */
  readonly ticking: boolean
}

export const assess = (calendar: Calendar, started: StartedTarget, targetMs: number, nearPercent: number, now: number): Assessed => {
  const end = started.metAt ?? now
  const used = elapsed(calendar, started.startedAt, end, started.pauses)
  const due = dueAt(calendar, started.startedAt, targetMs, started.pauses)
  const nearDue = dueAt(calendar, started.startedAt, Math.floor((targetMs * nearPercent) / 100), started.pauses)
  const breached = started.metAt !== null ? used > targetMs : due !== null && now >= due
  return {
    ...started,
    targetMs,
    dueAt: due,
    nearDueAt: nearDue,
    breached,
    near: !breached && started.metAt === null && nearDue !== null && now >= nearDue,
    remainingMs: targetMs - used,
    ticking: started.metAt === null && runningAt(calendar, now, started.pauses),
  }
}

export const targetSeconds = (policy: SlaPolicy, metric: SlaMetric): number | null =>
  metric === "first_response"
    ? policy.first_response_seconds
    : metric === "next_response"
      ? policy.next_response_seconds
      : policy.resolution_seconds

export interface ConversationFacts {
  readonly priority: SlaPriority
  readonly channel: string
  readonly segmentIds: ReadonlySet<number>
}

/** How specific a policy is: more conditions first; at an equal count, segment over channel over priority. */
const specificity = (p: SlaPolicy) =>
  ((p.segment_id !== null ? 1 : 0) + (p.channel !== null ? 1 : 0) + (p.priority !== null ? 1 : 0)) * 8 +
  (p.segment_id !== null ? 4 : 0) +
  (p.channel !== null ? 2 : 0) +
  (p.priority !== null ? 1 : 0)

/** The enabled policy that matches the conversation and is most specific (then the oldest); null when none does. */
export const choosePolicy = (policies: readonly SlaPolicy[], facts: ConversationFacts): SlaPolicy | null => {
  const matching = policies.filter(
    (p) =>
      p.enabled &&
      (p.priority === null || p.priority === facts.priority) &&
      (p.channel === null || p.channel === facts.channel) &&
      (p.segment_id === null || facts.segmentIds.has(p.segment_id)),
  )
  matching.sort((a, b) => specificity(b) - specificity(a) || a.id - b.id)
  return matching[0] ?? null
}

/** The open target to show: a breached one first (the longest overdue), then the one with the least time left. */
export const mostUrgent = (targets: readonly Assessed[]): Assessed | null =>
  targets.filter((t) => t.metAt === null).sort((a, b) => a.remainingMs - b.remainingMs)[0] ?? null
