/** The composer's product picker, model-based (common/model-check.testing.ts), and its pick rule. */
import { describe, expect, it } from "vitest"
import { MAX_PRODUCTS_PER_MESSAGE } from "../../contract/schemas/chat"
import type { Product } from "../../contract/schemas/commerce"
import { checkModel } from "../common/model-check.testing"
import { SEARCH_WAIT_MS, productPickerMachine, toggled } from "./product-picker"

const product = (id: number, name: string): Product => ({
  id,
  catalogue_id: null,
  sku: `SKU-${id}`,
  name,
  description: null,
  price: 1250,
  currency: "USD",
  image_url: null,
  stock: 3,
  in_stock: true,
  retailer_id: null,
  created_at: "2026-11-20T10:00:00Z",
})
const cake = product(1, "Pistachio cake")
const tart = product(2, "Lemon tart")
const found = { type: "xstate.done.actor.search", output: [cake, tart] }
const none = { type: "xstate.done.actor.search", output: [] }
const refused = { type: "xstate.error.actor.search", error: { status: 403, code: "FORBIDDEN", message: "You do not have access to this" } }
const AFTER = "xstate.after.wait.product-picker.waiting"

checkModel({
  name: "composer product picker",
  machine: productPickerMachine,
  sources: ["search"],
  states: ["searching", "waiting", "ready", "failed"],
  after: { type: AFTER, ms: SEARCH_WAIT_MS },
  events: [
    found,
    none,
    refused,
    { type: "SEARCH", text: "pista" },
    { type: AFTER },
    { type: "TOGGLE", product: cake },
    { type: "TOGGLE", product: tart },
    { type: "CLEAR" },
    { type: "RETRY" },
  ],
  stories: [
    // Typing again while waiting restarts the wait; the pick survives a new search.
    [found, { type: "TOGGLE", product: cake }, { type: "SEARCH", text: "le" }, { type: "SEARCH", text: "lemon" }, { type: AFTER }, none],
    [refused, { type: "RETRY" }, found, { type: "TOGGLE", product: tart }, { type: "TOGGLE", product: tart }],
    [found, { type: "TOGGLE", product: cake }, { type: "TOGGLE", product: tart }, { type: "CLEAR" }],
  ],
  key: (s) => [s.value, s.context.query, s.context.results.length, s.context.picked.map((p: Product) => p.id), s.context.failure !== null],
  view: (s) => ({ value: s.value, tags: [...s.tags], context: s.context }),
})

describe("picking products", () => {
  it("adds, removes, and stops at WhatsApp's list limit", () => {
    expect(toggled([], cake)).toEqual([cake])
    expect(toggled([cake, tart], cake)).toEqual([tart])
    const full = Array.from({ length: MAX_PRODUCTS_PER_MESSAGE }, (_, i) => product(100 + i, `P${i}`))
    expect(toggled(full, cake)).toBe(full)
    expect(toggled(full, full[3]!)).toHaveLength(MAX_PRODUCTS_PER_MESSAGE - 1)
  })
})
