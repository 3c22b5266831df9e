/** Edits of a bot's flow as pure functions (the editor's view sends their result as the draft's new flow). */
import type { BotFlow, BotNode, BotNodeKind } from "../../contract/schemas/chatbots"

/** The first free `<kind>-<n>` key. */
export const freeId = (flow: BotFlow, kind: BotNodeKind): string => {
  const taken = new Set(flow.nodes.map((n) => n.id))
  for (let n = 1; ; n++) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`
}

export const blankNode = (id: string, kind: BotNodeKind): BotNode => {
  switch (kind) {
    case "message":
      return { id, kind, text: "…", next: null }
    case "question":
      return { id, kind, text: "…", attribute: "answer", validation: "text", next: null }
    case "condition":
      return { id, kind, test: { on: "business_hours" }, yes: null, no: null }
    case "action":
      return { id, kind, action: { do: "tag", tag: "bot" }, next: null }
    case "handoff":
      return { id, kind }
  }
}

export const addNode = (flow: BotFlow, kind: BotNodeKind): BotFlow => ({
  ...flow,
  nodes: [...flow.nodes, blankNode(freeId(flow, kind), kind)],
})

export const replaceNode = (flow: BotFlow, id: string, node: BotNode): BotFlow => ({
  start: flow.start === id ? node.id : flow.start,
  nodes: flow.nodes.map((n) => (n.id === id ? node : n)),
})

/** A node with its arrows to `id` left open. */
const cutArrows = (n: BotNode, id: string): BotNode => {
  const cut = (to: string | null | undefined) => (to === id ? null : (to ?? null))
  switch (n.kind) {
    case "message":
      return n.choices?.length ? { ...n, choices: n.choices.map((c) => ({ ...c, next: cut(c.next) })) } : { ...n, next: cut(n.next) }
    case "question":
    case "action":
      return { ...n, next: cut(n.next) }
    case "condition":
      return { ...n, yes: cut(n.yes), no: cut(n.no) }
    case "handoff":
      return n
  }
}

/** Removes a node and every arrow to it (left open, so the rules point at the gap). */
export const removeNode = (flow: BotFlow, id: string): BotFlow => ({
  ...flow,
  nodes: flow.nodes.filter((n) => n.id !== id).map((n) => cutArrows(n, id)),
})

/** A new bot: a greeting that hands the customer to an agent. */
export const starterFlow = (greeting: string): BotFlow => ({
  start: "welcome",
  nodes: [
    { id: "welcome", kind: "message", text: greeting, next: "agent" },
    { id: "agent", kind: "handoff" },
  ],
})
