import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { BotFlow } from "../schemas/chatbots"
import { flowProblems, reachable } from "./flow-rules"
import { salesFlow, validFlow } from "./flows.testing"
import { regexMatches, regexProblem } from "./regex-guard"

const codes = (flow: BotFlow) => flowProblems(flow).map((p) => p.code)

describe("flow rules", () => {
  it("accept every generated flow whose paths all wait or hand off, and reach all its nodes", () => {
    fc.assert(
      fc.property(validFlow(), (flow) => {
        expect(flowProblems(flow)).toEqual([])
        expect(reachable(flow)).toHaveLength(flow.nodes.length)
      }),
    )
  })

  it("find a node no arrow reaches", () => {
    fc.assert(
      fc.property(validFlow(), (flow) => {
        const orphan = { id: "orphan", kind: "handoff" as const }
        expect(flowProblems({ ...flow, nodes: [...flow.nodes, orphan] })).toContainEqual({ code: "unreachable", node: "orphan" })
      }),
    )
  })

  it("find a path that ends without a hand-off", () => {
    fc.assert(
      fc.property(validFlow(), (flow) => {
        const cut = flow.nodes.map((n) => (n.kind === "action" || n.kind === "question" ? { ...n, next: null } : n))
        const hasCut = flow.nodes.some((n) => n.kind === "action" || n.kind === "question")
        expect(codes({ ...flow, nodes: cut }).includes("dead_end")).toBe(hasCut)
      }),
    )
  })

  it("find arrows to missing nodes, a missing start, duplicate keys and loops that never wait", () => {
    expect(codes({ ...salesFlow, start: "nope" })).toContain("missing_start")
    expect(flowProblems({ ...salesFlow, nodes: [...salesFlow.nodes, salesFlow.nodes[3]] })).toContainEqual({
      code: "duplicate_node",
      node: "sales",
    })
    const broken = salesFlow.nodes.map((n) => (n.id === "tag" ? { ...n, next: "gone" } : n))
    expect(flowProblems({ ...salesFlow, nodes: broken })).toContainEqual({ code: "unknown_target", node: "tag", target: "gone" })
    const spin: BotFlow = {
      start: "a",
      nodes: [
        { id: "a", kind: "action", action: { do: "tag", tag: "x" }, next: "b" },
        { id: "b", kind: "condition", test: { on: "business_hours" }, yes: "a", no: "h" },
        { id: "h", kind: "handoff" },
      ],
    }
    expect(codes(spin)).toContain("loop_without_wait")
    // The same loop through a menu waits for the customer each time round: allowed.
    const menu: BotFlow = {
      start: "m",
      nodes: [
        {
          id: "m",
          kind: "message",
          text: "Menu",
          choices: [
            { title: "Again", next: "m" },
            { title: "Agent", next: "h" },
          ],
        },
        { id: "h", kind: "handoff" },
      ],
    }
    expect(flowProblems(menu)).toEqual([])
  })

  it("keep WhatsApp's limits and the away message's shape", () => {
    const four = [1, 2, 3, 4].map((k) => ({ title: `B${k}`, next: "h" }))
    const flow = (style: "buttons" | "list"): BotFlow => ({
      start: "m",
      nodes: [
        { id: "m", kind: "message", text: "Pick", style, choices: four },
        { id: "h", kind: "handoff" },
      ],
    })
    expect(codes(flow("buttons"))).toContain("too_many_buttons")
    expect(codes(flow("list"))).toEqual([])
    expect(flowProblems(salesFlow, undefined, true).map((p) => p.code)).toEqual(["self_kind", "self_kind"])
  })

  it("refuse keyword regexes that could backtrack catastrophically, and run the safe ones", () => {
    for (const bad of ["(a+)+$", "(a*)*b", "(\\w+\\s?)+$", "(x|xy)*{2}", "(a{1,5})+", "(.*a){3}"]) expect(regexProblem(bad)).not.toBeNull()
    expect(regexProblem("(a)\\1")).toBe("backreference")
    expect(regexProblem("[")).toBe("invalid")
    expect(regexProblem("a".repeat(101))).toBe("too_long")
    for (const ok of ["^hi+$", "order\\s*#?\\d{3,8}", "(price|cost)s?", "^(yes|no)$", "[a-z]+@[a-z]+"]) expect(regexProblem(ok)).toBeNull()
    expect(regexMatches("order\\s*#?\\d{3,8}", "Where is ORDER #12345?")).toBe(true)
    const start = performance.now()
    expect(regexMatches("(a+)+$", `${"a".repeat(40)}!`)).toBe(false)
    expect(performance.now() - start).toBeLessThan(50)
    const trigger = { type: "keyword" as const, match: "regex" as const, keywords: ["(a+)+$"] }
    expect(flowProblems(salesFlow, trigger)).toEqual([{ code: "bad_regex", keyword: "(a+)+$", reason: "nested_quantifier" }])
  })
})
