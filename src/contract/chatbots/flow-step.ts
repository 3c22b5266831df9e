/**
 * A chatbot's run as a pure step function: (flow, state, event) → (state, outputs). The server's runtime stores the
 * state per conversation and applies the outputs (sends through the chat, actions, report rows); the console's "try
 * it" panel runs the very same function and only shows the outputs. Facts a condition needs from the world (tags,
 * segments, working hours, channel) come in with the event, so the step itself reads nothing.
 */
import type { Channel } from "../schemas/common"
import type { BotAction, BotFlow, BotNode, BotTest, QuestionNode } from "../schemas/chatbots"
import { waits } from "./flow-rules"

/** What the bot knows about the customer when a message arrives. */
export interface BotFacts {
  readonly channel: Channel
  readonly tags: readonly string[]
  readonly segments: readonly number[]
  readonly inHours: boolean
  /** The contact's attributes before this run (captured answers are added in the state). */
  readonly attributes: Readonly<Record<string, string>>
}

/** A point on the earth: a location the customer shared. */
export interface GeoPoint {
  readonly latitude: number
  readonly longitude: number
}

/** `location`: what the customer's message shared (WhatsApp `location`), if it is one. */
export type BotEvent =
  | { readonly type: "start"; readonly facts: BotFacts; readonly location?: GeoPoint }
  | { readonly type: "reply"; readonly text: string; readonly payload?: string; readonly facts: BotFacts; readonly location?: GeoPoint }

export interface BotState {
  /** The node waiting for the customer; null once the bot handed off. */
  readonly node: string | null
  readonly attributes: Readonly<Record<string, string>>
  /** Answers in a row that did not fit the waiting node. */
  readonly misses: number
}

export type BotOutput =
  | {
      readonly type: "say"
      readonly node: string
      readonly text: string
      readonly media?: { readonly type: "image" | "video" | "document"; readonly link: string }
      readonly choices?: readonly string[]
      readonly style?: "buttons" | "list"
    }
  | { readonly type: "capture"; readonly node: string; readonly attribute: string; readonly value: string }
  /** `point`: where "send nearest locations" measures from (null: the customer shared none, nothing is sent). */
  | { readonly type: "act"; readonly node: string; readonly action: BotAction; readonly point?: GeoPoint | null }
  /** A step along the flow the reports count: the menu (node) and the option taken. */
  | { readonly type: "path"; readonly node: string; readonly option: string }
  | { readonly type: "handoff"; readonly node: string | null }

export interface StepResult {
  readonly state: BotState
  readonly outputs: readonly BotOutput[]
}

/** Answers that fit nothing this many times in a row hand the customer to a person. */
export const MAX_MISSES = 3

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$|^(\d{1,2})[./](\d{1,2})[./](\d{4})$/

const isoDate = (text: string): string | null => {
  const m = DATE.exec(text)
  if (!m) return null
  const [y, mo, d] = m[1] ? [m[1], m[2], m[3]] : [m[6], m[5].padStart(2, "0"), m[4].padStart(2, "0")]
  const date = new Date(`${y}-${mo}-${d}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${mo}-${d}` ? null : `${y}-${mo}-${d}`
}

/** A location as a contact attribute stores it: "lat,lng" with 6 decimals (about 10 cm). */
export const pointText = (p: GeoPoint): string => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`

/** The point in "lat,lng" (or "lat, lng", "lat lng"), or null when it is not one on the earth. */
export const pointOf = (text: string | undefined): GeoPoint | null => {
  const m = /^\s*([+-]?\d{1,2}(?:\.\d+)?)\s*[, ]\s*([+-]?\d{1,3}(?:\.\d+)?)\s*$/.exec(text ?? "")
  if (!m) return null
  const latitude = Number(m[1])
  const longitude = Number(m[2])
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null
}

/** The stored form of an answer to `q`, or null when it does not pass the question's check. */
export const answerOf = (q: Pick<QuestionNode, "validation" | "options">, raw: string, location?: GeoPoint): string | null => {
  if (q.validation === "location") {
    const point = location ?? pointOf(raw)
    return point ? pointText(point) : null
  }
  const text = raw.trim()
  if (!text) return null
  switch (q.validation) {
    case "text":
      return text.slice(0, 1000)
    case "number": {
      const n = Number(text.replace(",", "."))
      return /^[+-]?\d+([.,]\d+)?$/.test(text) && Number.isFinite(n) ? String(n) : null
    }
    case "email":
      return EMAIL.test(text) ? text.toLowerCase() : null
    case "date":
      return isoDate(text)
    case "choice": {
      const at = pickIndex(q.options ?? [], text, undefined)
      return at === null ? null : (q.options ?? [])[at]
    }
  }
}

/** The choice the customer picked: its button payload, its title, or its number in the list. */
export const pickIndex = (titles: readonly string[], text: string, payload: string | undefined): number | null => {
  const norm = (s: string) => s.trim().toLocaleLowerCase()
  for (const probe of [payload, text]) {
    if (probe === undefined) continue
    const at = titles.findIndex((t) => norm(t) === norm(probe))
    if (at >= 0) return at
  }
  const n = Number(text.trim())
  return Number.isInteger(n) && n >= 1 && n <= titles.length ? n - 1 : null
}

export const testHolds = (test: BotTest, facts: BotFacts, attributes: Readonly<Record<string, string>>): boolean => {
  switch (test.on) {
    case "attribute": {
      const value = attributes[test.attribute] ?? facts.attributes[test.attribute]
      const want = test.value ?? ""
      switch (test.op) {
        case "present":
          return value !== undefined && value !== ""
        case "equals":
          return value !== undefined && value.toLocaleLowerCase() === want.toLocaleLowerCase()
        case "contains":
          return value?.toLocaleLowerCase().includes(want.toLocaleLowerCase()) ?? false
        case "greater":
          return value !== undefined && Number(value) > Number(want)
        case "less":
          return value !== undefined && Number(value) < Number(want)
      }
      return false
    }
    case "tag":
      return facts.tags.some((t) => t.toLocaleLowerCase() === test.tag.toLocaleLowerCase())
    case "segment":
      return facts.segments.includes(test.segment_id)
    case "business_hours":
      return facts.inHours
    case "channel":
      return facts.channel === test.channel
  }
}

const say = (node: BotNode & { kind: "message" | "question" }): BotOutput => {
  if (node.kind === "question")
    return {
      type: "say",
      node: node.id,
      text: node.text,
      ...(node.validation === "choice" ? { choices: node.options ?? [], style: "buttons" } : {}),
    }
  return {
    type: "say",
    node: node.id,
    text: node.text,
    ...(node.media ? { media: node.media } : {}),
    ...(node.choices?.length ? { choices: node.choices.map((c) => c.title), style: node.style ?? "buttons" } : {}),
  }
}

/** An action's output; "send nearest locations" says where from: the named attribute's point, else the shared one. */
const act = (
  node: BotNode & { kind: "action" },
  attributes: Readonly<Record<string, string>>,
  facts: BotFacts,
  shared: GeoPoint | null,
): BotOutput => {
  const action = node.action
  if (action.do !== "send_nearest") return { type: "act", node: node.id, action }
  const point = action.attribute ? pointOf(attributes[action.attribute] ?? facts.attributes[action.attribute]) : shared
  return { type: "act", node: node.id, action, point }
}

/** Follows the flow from `from` until a node waits for the customer or the bot hands off. */
const runFrom = (
  flow: BotFlow,
  from: string | null,
  attributes: Readonly<Record<string, string>>,
  facts: BotFacts,
  shared: GeoPoint | null,
): StepResult => {
  const nodes = new Map(flow.nodes.map((n) => [n.id, n]))
  const outputs: BotOutput[] = []
  let at = from
  // A valid flow waits or hands off within its node count; a broken one hands off rather than spin.
  for (let hops = 0; hops <= flow.nodes.length; hops++) {
    const node = at === null ? undefined : nodes.get(at)
    if (!node) break
    switch (node.kind) {
      case "message":
        outputs.push(say(node))
        if (waits(node)) return { state: { node: node.id, attributes, misses: 0 }, outputs }
        at = node.next ?? null
        break
      case "question":
        outputs.push(say(node))
        return { state: { node: node.id, attributes, misses: 0 }, outputs }
      case "condition": {
        const holds = testHolds(node.test, facts, attributes)
        outputs.push({ type: "path", node: node.id, option: holds ? "yes" : "no" })
        at = holds ? node.yes : node.no
        break
      }
      case "action":
        outputs.push(act(node, attributes, facts, shared))
        at = node.next
        break
      case "handoff":
        if (node.text) outputs.push({ type: "say", node: node.id, text: node.text })
        outputs.push({ type: "handoff", node: node.id })
        return { state: { node: null, attributes, misses: 0 }, outputs }
    }
  }
  outputs.push({ type: "handoff", node: null })
  return { state: { node: null, attributes, misses: 0 }, outputs }
}

const missed = (state: BotState, node: BotNode & { kind: "message" | "question" }): StepResult => {
  const misses = state.misses + 1
  if (misses >= MAX_MISSES) return { state: { ...state, node: null, misses }, outputs: [{ type: "handoff", node: node.id }] }
  const again: BotOutput = node.kind === "question" && node.retry_text ? { type: "say", node: node.id, text: node.retry_text } : say(node)
  return { state: { ...state, misses }, outputs: [again] }
}

/** One step of a bot: a start runs from the flow's start; a reply answers the waiting node. A handed-off bot says nothing. */
export const step = (flow: BotFlow, state: BotState | null, event: BotEvent): StepResult => {
  if (event.type === "start" || state === null) {
    const outputs: BotOutput[] = [{ type: "path", node: flow.start, option: "start" }]
    const run = runFrom(flow, flow.start, state?.attributes ?? {}, event.facts, event.location ?? null)
    return { state: run.state, outputs: [...outputs, ...run.outputs] }
  }
  const node = state.node === null ? undefined : flow.nodes.find((n) => n.id === state.node)
  if (!node || (node.kind !== "message" && node.kind !== "question")) return { state: { ...state, node: null }, outputs: [] }
  if (node.kind === "message") {
    const choices = node.choices ?? []
    const at = pickIndex(
      choices.map((c) => c.title),
      event.text,
      event.payload,
    )
    if (at === null) return missed(state, node)
    const run = runFrom(flow, choices[at].next, state.attributes, event.facts, event.location ?? null)
    return { state: run.state, outputs: [{ type: "path", node: node.id, option: choices[at].title }, ...run.outputs] }
  }
  const value = answerOf(node, event.text, event.location)
  if (value === null) return missed(state, node)
  const attributes = { ...state.attributes, [node.attribute]: value }
  const run = runFrom(
    flow,
    node.next,
    attributes,
    event.facts,
    event.location ?? pointOf(node.validation === "location" ? value : undefined),
  )
  return {
    state: run.state,
    outputs: [
      { type: "capture", node: node.id, attribute: node.attribute, value },
      { type: "path", node: node.id, option: "answered" },
      ...run.outputs,
    ],
  }
}

/** True once the bot has handed the conversation to people. */
export const handedOff = (state: BotState): boolean => state.node === null
