/**
 * The rules a chatbot's flow must keep, in one place for the server (400 on save) and the console's editor (as you
 * edit): the start exists, node keys are unique, every arrow lands on a node, every node is reachable from the start,
 * no path ends without a hand-off, no loop runs without waiting for the customer, WhatsApp's limits on buttons and
 * lists, questions of kind `choice` list their answers, and keyword regexes are safe (regex-guard.ts). A self
 * auto-reply (an agent's away message) is messages and a hand-off only.
 */
import type { BotFlow, BotNode, BotTrigger } from "../schemas/chatbots"
import { type RegexProblem, regexProblem } from "./regex-guard"

export const MAX_BUTTONS = 3
export const MAX_LIST_ROWS = 10

export type FlowProblem =
  | { readonly code: "missing_start"; readonly node: string }
  | { readonly code: "duplicate_node"; readonly node: string }
  | { readonly code: "unknown_target"; readonly node: string; readonly target: string }
  | { readonly code: "unreachable"; readonly node: string }
  | { readonly code: "dead_end"; readonly node: string }
  | { readonly code: "loop_without_wait"; readonly node: string }
  | { readonly code: "too_many_buttons"; readonly node: string }
  | { readonly code: "no_choices"; readonly node: string }
  | { readonly code: "no_options"; readonly node: string }
  | { readonly code: "self_kind"; readonly node: string }
  | { readonly code: "bad_regex"; readonly keyword: string; readonly reason: RegexProblem }

/** The nodes a node leads to; null marks an arrow left open (a dead end unless the node hands off). */
export const exitsOf = (node: BotNode): readonly (string | null)[] => {
  switch (node.kind) {
    case "message":
      return node.choices?.length ? node.choices.map((c) => c.next) : [node.next ?? null]
    case "question":
    case "action":
      return [node.next]
    case "condition":
      return [node.yes, node.no]
    case "handoff":
      return []
  }
}

/** True for the nodes that stop and wait for the customer's next message. */
export const waits = (node: BotNode): boolean => node.kind === "question" || (node.kind === "message" && (node.choices?.length ?? 0) > 0)

const byId = (flow: BotFlow) => new Map(flow.nodes.map((n) => [n.id, n]))

/** Node ids reachable from the start, in breadth-first order. */
export const reachable = (flow: BotFlow): readonly string[] => {
  const nodes = byId(flow)
  if (!nodes.has(flow.start)) return []
  const seen = new Set([flow.start])
  const queue = [flow.start]
  for (let i = 0; i < queue.length; i++) {
    for (const next of exitsOf(nodes.get(queue[i])!)) {
      if (next !== null && nodes.has(next) && !seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  return queue
}

/** A cycle through nodes that never wait: the bot would spin without the customer. Answers one node on it. */
const spinningNode = (flow: BotFlow): string | null => {
  const nodes = byId(flow)
  const state = new Map<string, 1 | 2>()
  const visit = (id: string): string | null => {
    const node = nodes.get(id)
    if (!node || waits(node)) return null
    if (state.get(id) === 1) return id
    if (state.get(id) === 2) return null
    state.set(id, 1)
    for (const next of exitsOf(node)) {
      const found = next === null ? null : visit(next)
      if (found) return found
    }
    state.set(id, 2)
    return null
  }
  for (const node of flow.nodes) {
    const found = visit(node.id)
    if (found) return found
  }
  return null
}

const nodeProblems = (node: BotNode, ids: ReadonlySet<string>, self: boolean): FlowProblem[] => {
  const problems: FlowProblem[] = []
  if (self && node.kind !== "message" && node.kind !== "handoff") problems.push({ code: "self_kind", node: node.id })
  for (const target of exitsOf(node)) {
    if (target === null) problems.push({ code: "dead_end", node: node.id })
    else if (!ids.has(target)) problems.push({ code: "unknown_target", node: node.id, target })
  }
  if (node.kind === "message" && node.choices?.length) {
    const max = node.style === "list" ? MAX_LIST_ROWS : MAX_BUTTONS
    if (node.choices.length > max) problems.push({ code: "too_many_buttons", node: node.id })
  }
  if (node.kind === "message" && node.style && !node.choices?.length) problems.push({ code: "no_choices", node: node.id })
  if (node.kind === "question" && node.validation === "choice" && !node.options?.length)
    problems.push({ code: "no_options", node: node.id })
  return problems
}

/** Everything wrong with a flow (and its trigger's regexes); empty when it may be saved and run. */
export const flowProblems = (flow: BotFlow, trigger?: BotTrigger, self = false): readonly FlowProblem[] => {
  const problems: FlowProblem[] = []
  const ids = new Set<string>()
  for (const node of flow.nodes) {
    if (ids.has(node.id)) problems.push({ code: "duplicate_node", node: node.id })
    ids.add(node.id)
  }
  if (!ids.has(flow.start)) problems.push({ code: "missing_start", node: flow.start })
  for (const node of flow.nodes) problems.push(...nodeProblems(node, ids, self))
  if (ids.has(flow.start)) {
    const seen = new Set(reachable(flow))
    for (const node of flow.nodes) if (!seen.has(node.id)) problems.push({ code: "unreachable", node: node.id })
  }
  const spin = spinningNode(flow)
  if (spin) problems.push({ code: "loop_without_wait", node: spin })
  if (trigger?.type === "keyword" && trigger.match === "regex") {
    for (const keyword of trigger.keywords) {
      const reason = regexProblem(keyword)
      if (reason) problems.push({ code: "bad_regex", keyword, reason })
    }
  }
  return problems
}

/** One problem in plain English (the server's 400 message; the console words them in the user's language). */
export const problemText = (p: FlowProblem): string => {
  switch (p.code) {
    case "missing_start":
      return `The start node ${p.node} does not exist`
    case "duplicate_node":
      return `Two nodes are named ${p.node}`
    case "unknown_target":
      return `Node ${p.node} leads to ${p.target}, which does not exist`
    case "unreachable":
      return `Node ${p.node} cannot be reached from the start`
    case "dead_end":
      return `Node ${p.node} leads nowhere: connect it or end the path with a hand-off`
    case "loop_without_wait":
      return `Node ${p.node} is on a loop that never waits for the customer`
    case "too_many_buttons":
      return `Node ${p.node} has more choices than WhatsApp allows (3 buttons, 10 list rows)`
    case "no_choices":
      return `Node ${p.node} shows buttons or a list without any choice`
    case "no_options":
      return `Question ${p.node} accepts a choice but lists no answers`
    case "self_kind":
      return `Node ${p.node}: an away message holds only messages and a hand-off`
    case "bad_regex":
      return `The keyword pattern ${p.keyword} is refused (${p.reason.replace("_", " ")})`
  }
}
