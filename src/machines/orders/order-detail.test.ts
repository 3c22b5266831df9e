/** The order detail, model-based (common/model-check.testing.ts), and the money it shows. */
import { describe, expect, it } from "vitest"
import { ORDER_TRANSITIONS } from "../../contract/order-status-rules"
import type { Order } from "../../contract/schemas/commerce"
import { checkModel } from "../common/model-check.testing"
import { majorText, minorDigits, moneyText } from "../../contract/money"
import { orderDetailMachine } from "./order-detail"
import { ordersRequestOf } from "./orders-list"

const order: Order = {
  id: 4,
  order_number: "ORD-000004",
  number: "905551112233",
  customer_name: "Ayşe",
  conversation_id: 9,
  items: [{ product_id: 1, retailer_id: "cake-1", name: "Chocolate cake", quantity: 2, unit_price: 1250 }],
  total: 2500,
  currency: "USD",
  status: "confirmed",
  note: null,
  created_at: "2026-11-20T10:00:00Z",
  updated_at: "2026-11-20T10:00:00Z",
}
const preparing: Order = { ...order, status: "preparing" }
const stale = Object.assign(new Error("The order is cancelled: its status no longer changes"), {
  status: 409,
  code: "ORDER_STATUS",
  field: "status",
})

checkModel({
  name: "order detail",
  machine: orderDetailMachine,
  sources: ["move"],
  states: ["closed", "open", "moving"],
  events: [
    { type: "OPEN", order },
    { type: "MOVE", to: "preparing" },
    // Not allowed from confirmed: never leaves `open`.
    { type: "MOVE", to: "delivered" },
    { type: "CLOSE" },
    { type: "xstate.done.actor.move", output: preparing },
    { type: "xstate.error.actor.move", error: stale },
  ],
  stories: [
    [
      { type: "OPEN", order },
      { type: "MOVE", to: "preparing" },
      { type: "xstate.done.actor.move", output: preparing },
      { type: "MOVE", to: "preparing" },
      { type: "MOVE", to: "shipped" },
      { type: "xstate.error.actor.move", error: stale },
      { type: "CLOSE" },
    ],
  ],
  key: (s) => [s.value, s.context.order?.status ?? null, s.context.target, s.context.failure?.code ?? null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    order: s.context.order,
    target: s.context.target,
    failure: s.context.failure,
    moved: s.context.moved,
  }),
})

describe("order rules the screen relies on", () => {
  it("offers a move only where the contract allows one; delivered and cancelled are final", () => {
    expect(ORDER_TRANSITIONS.confirmed).toEqual(["preparing", "cancelled"])
    expect(ORDER_TRANSITIONS.shipped).not.toContain("cancelled")
    expect(ORDER_TRANSITIONS.delivered).toEqual([])
    expect(ORDER_TRANSITIONS.cancelled).toEqual([])
  })

  it("shows minor units in the currency's own decimals", () => {
    expect(minorDigits("USD")).toBe(2)
    expect(minorDigits("JPY")).toBe(0)
    expect(minorDigits("KWD")).toBe(3)
    expect(majorText(2500, "USD")).toBe("25.00")
    expect(majorText(2500, "JPY")).toBe("2500")
    expect(moneyText(1250, "USD", "en")).toBe("$12.50")
  })

  it("asks the server for the applied days, status and search", () => {
    expect(ordersRequestOf({ startDate: "2026-11-01", endDate: "2026-11-30", status: "" }, "  ", 0, 10)).toEqual({
      start_date: "2026-11-01",
      end_date: "2026-11-30",
      page: 1,
      limit: 10,
    })
    expect(ordersRequestOf({ startDate: "2026-11-01", endDate: "2026-11-30", status: "shipped" }, " ORD-1 ", 2, 25)).toMatchObject({
      status: "shipped",
      search: "ORD-1",
      page: 3,
    })
  })
})
