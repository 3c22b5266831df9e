/**
 * Where the editor draws each node of a flow: columns by distance from the start (breadth-first), rows in the order
 * met; nodes the start does not reach go in a last column of their own. Arrows carry their label (choice, yes/no).
 */
import { exitsOf, reachable } from "../../contract/chatbots/flow-rules"
import type { BotFlow, BotNode } from "../../contract/schemas/chatbots"

export const NODE_W = 180
export const NODE_H = 64
const GAP_X = 80
const GAP_Y = 28

export interface Placed {
  readonly node: BotNode
  readonly x: number
  readonly y: number
  readonly reachable: boolean
}
export interface Arrow {
  readonly from: string
  readonly to: string
  readonly label: string
}
export interface Layout {
  readonly nodes: readonly Placed[]
  readonly arrows: readonly Arrow[]
  readonly width: number
  readonly height: number
}

const labelsOf = (node: BotNode): readonly string[] => {
  if (node.kind === "message" && node.choices?.length) return node.choices.map((c) => c.title)
  if (node.kind === "condition") return ["yes", "no"]
  return [""]
}

export const layoutOf = (flow: BotFlow): Layout => {
  const byId = new Map(flow.nodes.map((n) => [n.id, n]))
  const depth = new Map<string, number>()
  const order = reachable(flow)
  depth.set(flow.start, 0)
  for (const id of order) {
    for (const next of exitsOf(byId.get(id)!)) if (next !== null && byId.has(next) && !depth.has(next)) depth.set(next, depth.get(id)! + 1)
  }
  const last = Math.max(-1, ...depth.values()) + 1
  const columns = new Map<number, string[]>()
  for (const node of flow.nodes) {
    const column = depth.get(node.id) ?? last
    columns.set(column, [...(columns.get(column) ?? []), node.id])
  }
  const placed: Placed[] = []
  for (const [column, ids] of columns) {
    for (const [row, id] of ids.entries()) {
      placed.push({ node: byId.get(id)!, x: column * (NODE_W + GAP_X), y: row * (NODE_H + GAP_Y), reachable: depth.has(id) })
    }
  }
  const arrows: Arrow[] = flow.nodes.flatMap((node) => {
    const labels = labelsOf(node)
    return exitsOf(node).flatMap((to, i) => (to !== null && byId.has(to) ? [{ from: node.id, to, label: labels[i] ?? "" }] : []))
  })
  const width = Math.max(NODE_W, ...placed.map((p) => p.x + NODE_W))
  const height = Math.max(NODE_H, ...placed.map((p) => p.y + NODE_H))
  return { nodes: placed, arrows, width, height }
}
