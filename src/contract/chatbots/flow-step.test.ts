/** Model-based tests of the bot's step function: generated customer paths over generated and sample flows. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { BotFlow } from "../schemas/chatbots"
import { waits } from "./flow-rules"
import { type BotFacts, type BotOutput, type BotState, MAX_MISSES, answerOf, pointOf, pointText, step } from "./flow-step"
import { salesFlow, shopFlow, validFlow } from "./flows.testing"

const facts: BotFacts = { channel: "whatsapp", tags: [], segments: [], inHours: true, attributes: {} }
const reply = (text: string, inHours = true) => ({ type: "reply" as const, text, facts: { ...facts, inHours } })

/** What a simulated customer may write: a choice by title or number, an answer of each kind, or nonsense. */
const customerText = fc.oneof(
  fc.constantFrom(
    "Option 1",
    "option 2",
    "1",
    "2",
    "3",
    "42",
    "a@b.co",
    "2026-02-28",
    "31.12.2025",
    "hello",
    "",
    "2026-02-30",
    "41.0, 29.1",
  ),
  fc.string({ maxLength: 12 }),
)

describe("bot step", () => {
  it("walks every generated path: it waits at a waiting node or hands off, never stalls, and hands off after 3 misses", () => {
    fc.assert(
      fc.property(validFlow(), fc.array(fc.tuple(customerText, fc.boolean()), { maxLength: 12 }), (flow, texts) => {
        const nodes = new Map(flow.nodes.map((n) => [n.id, n]))
        let { state, outputs } = step(flow, null, { type: "start", facts })
        const check = (s: BotState, out: readonly BotOutput[]) => {
          // The safety stop (hand-off with no node) never fires on a valid flow.
          expect(out.some((o) => o.type === "handoff" && o.node === null)).toBe(false)
          if (s.node === null) expect(out.some((o) => o.type === "handoff")).toBe(true)
          else expect(waits(nodes.get(s.node)!)).toBe(true)
          expect(s.misses).toBeLessThan(MAX_MISSES)
        }
        check(state, outputs)
        for (const [text, inHours] of texts) {
          if (state.node === null) {
            // Once handed off the bot says nothing more.
            expect(step(flow, state, reply(text, inHours)).outputs).toEqual([])
            break
          }
          const before = state
          ;({ state, outputs } = step(flow, state, reply(text, inHours)))
          if (state.node === before.node && state.node !== null && state.misses > 0) {
            expect(state.misses).toBe(before.misses + 1)
            expect(outputs.every((o) => o.type === "say")).toBe(true)
          } else if (state.node === null && !outputs.some((o) => o.type === "path")) {
            expect(before.misses).toBe(MAX_MISSES - 1)
            expect(outputs).toEqual([{ type: "handoff", node: before.node }])
          } else check(state, outputs)
        }
      }),
      { numRuns: 300 },
    )
  })

  it("captures a valid answer as the attribute and only then moves on", () => {
    fc.assert(
      fc.property(fc.constantFrom("email", "number", "date", "text"), customerText, (validation, text) => {
        const flow: BotFlow = {
          start: "q",
          nodes: [
            { id: "q", kind: "question", text: "?", attribute: "x", validation: validation as "email", next: "h" },
            { id: "h", kind: "handoff" },
          ],
        }
        const first = step(flow, null, { type: "start", facts })
        const after = step(flow, first.state, reply(text))
        const value = answerOf({ validation: validation as "email" }, text)
        if (value === null) expect(after.state).toMatchObject({ node: "q", misses: 1 })
        else {
          expect(after.state).toMatchObject({ node: null, attributes: { x: value } })
          expect(after.outputs[0]).toEqual({ type: "capture", node: "q", attribute: "x", value })
        }
      }),
    )
  })

  it("walks the sample sales flow as a customer would", () => {
    const start = step(salesFlow, null, { type: "start", facts })
    expect(start.outputs).toEqual([
      { type: "path", node: "welcome", option: "start" },
      { type: "say", node: "welcome", text: "Welcome! What can we do for you?", choices: ["Sales", "Support"], style: "buttons" },
    ])
    const sales = step(salesFlow, start.state, { type: "reply", text: "", payload: "Sales", facts })
    expect(sales.state.node).toBe("email")
    const wrong = step(salesFlow, sales.state, reply("not an address"))
    expect(wrong.outputs).toEqual([{ type: "say", node: "email", text: "That is not an e-mail" }])
    const done = step(salesFlow, wrong.state, reply("Ana@Example.com"))
    expect(done.outputs.map((o) => o.type)).toEqual(["capture", "path", "act", "say", "handoff"])
    expect(done.state).toEqual({ node: null, attributes: { email: "ana@example.com" }, misses: 0 })
    // The list's number picks too.
    expect(step(salesFlow, start.state, reply("2")).outputs.at(-1)).toEqual({ type: "handoff", node: "support" })
  })

  it("checks dates for real calendar days in both spellings", () => {
    expect(answerOf({ validation: "date" }, "2024-02-29")).toBe("2024-02-29")
    expect(answerOf({ validation: "date" }, "29.2.2023")).toBeNull()
    expect(answerOf({ validation: "date" }, "5/3/2025")).toBe("2025-03-05")
    expect(answerOf({ validation: "choice", options: ["Small", "Large"] }, "large")).toBe("Large")
    expect(answerOf({ validation: "number" }, "12,5")).toBe("12.5")
    expect(answerOf({ validation: "number" }, "12abc")).toBeNull()
  })
})

describe("bot step: locations and products", () => {
  const point = fc.record({
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
  })

  it("a location question keeps a shared point, or one typed as 'lat, lng', to 6 decimals, and refuses other text", () => {
    fc.assert(
      fc.property(point, fc.string({ maxLength: 12 }), (p, text) => {
        const q = { validation: "location" as const }
        const stored = answerOf(q, text, p)!
        expect(stored).toBe(pointText(p))
        const back = pointOf(stored)!
        expect(Math.abs(back.latitude - p.latitude)).toBeLessThanOrEqual(5e-7)
        expect(Math.abs(back.longitude - p.longitude)).toBeLessThanOrEqual(5e-7)
        expect(answerOf(q, `${p.latitude.toFixed(4)}, ${p.longitude.toFixed(4)}`)).toBe(
          pointText(pointOf(`${p.latitude.toFixed(4)},${p.longitude.toFixed(4)}`)!),
        )
        if (!pointOf(text)) expect(answerOf(q, text)).toBeNull()
      }),
    )
    expect(answerOf({ validation: "location" }, "91, 10")).toBeNull()
    expect(answerOf({ validation: "location" }, "hello")).toBeNull()
  })

  it("sends the nearest branches from the point just shared, then the product list the menu asks for", () => {
    const started = step(shopFlow, null, { type: "start", facts })
    expect(started.state.node).toBe("where")
    const shared = step(shopFlow, started.state, { type: "reply", text: "", facts, location: { latitude: 41, longitude: 29 } })
    expect(shared.outputs).toContainEqual({ type: "capture", node: "where", attribute: "location", value: "41.000000,29.000000" })
    expect(shared.outputs).toContainEqual({
      type: "act",
      node: "near",
      action: { do: "send_nearest", count: 2 },
      point: { latitude: 41, longitude: 29 },
    })
    expect(shared.state.node).toBe("menu")
    // A typed point is a location too, and is where the branches are measured from.
    const typed = step(shopFlow, started.state, reply("40.99, 29.02"))
    expect(typed.outputs.find((o) => o.type === "act")).toMatchObject({ point: { latitude: 40.99, longitude: 29.02 } })
    const products = step(shopFlow, shared.state, reply("Products"))
    expect(products.outputs).toContainEqual({ type: "act", node: "products", action: { do: "send_products", search: "cake", limit: 3 } })
    expect(products.state.node).toBeNull()
  })

  it("measures from the named attribute when the action names one, and from nowhere when nothing was shared", () => {
    const flow: BotFlow = {
      start: "near",
      nodes: [
        { id: "near", kind: "action", action: { do: "send_nearest", count: 1, attribute: "home" }, next: "agent" },
        { id: "agent", kind: "handoff" },
      ],
    }
    const withHome = step(flow, null, { type: "start", facts: { ...facts, attributes: { home: "41.5,29.5" } } })
    expect(withHome.outputs.find((o) => o.type === "act")).toMatchObject({ point: { latitude: 41.5, longitude: 29.5 } })
    const without = step(flow, null, { type: "start", facts, location: { latitude: 1, longitude: 2 } })
    expect(without.outputs.find((o) => o.type === "act")).toMatchObject({ point: null })
    const plain = step(shopFlow, null, { type: "start", facts })
    expect(step(shopFlow, plain.state, reply("hello")).outputs).toEqual([{ type: "say", node: "where", text: "Where are you?" }])
  })
})
