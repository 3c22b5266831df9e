/**
 * An order's statuses and the only moves between them, shared by the server (which refuses any other move with 409
 * `ORDER_STATUS`) and the console (which offers only these): received → confirmed → preparing → shipped → delivered,
 * and cancelled from any status before shipped.
 */
import type { OrderStatus } from "./schemas/commerce"

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  received: ["confirmed", "cancelled"],
  confirmed: ["preparing", "cancelled"],
  preparing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
}

export const ORDER_STATUSES: readonly OrderStatus[] = ["received", "confirmed", "preparing", "shipped", "delivered", "cancelled"]

export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to)
