/**
 * The server's side of an order's statuses: the moves themselves are the contract's (src/contract/order-status-rules.ts,
 * shared with the console); any other move is refused with 409 `ORDER_STATUS` naming the current status.
 */
import type { OrderStatus } from "../../../src/contract/schemas/commerce"
import { ORDER_TRANSITIONS } from "../../../src/contract/order-status-rules"
import { ApiError } from "../../http/errors"

export const orderStatusError = (from: OrderStatus, to: OrderStatus) =>
  new ApiError(
    409,
    "ORDER_STATUS",
    ORDER_TRANSITIONS[from].length === 0
      ? `The order is ${from}: its status no longer changes`
      : `The order is ${from}: it can become ${ORDER_TRANSITIONS[from].join(" or ")}, not ${to}`,
    "status",
  )

/** What the customer reads when their order reaches a status. */
export const statusMessage = (orderNumber: string, status: OrderStatus): string =>
  ({
    received: `We received your order ${orderNumber}. We will confirm it shortly.`,
    confirmed: `Your order ${orderNumber} is confirmed.`,
    preparing: `Your order ${orderNumber} is being prepared.`,
    shipped: `Your order ${orderNumber} is on its way.`,
    delivered: `Your order ${orderNumber} was delivered. Thank you!`,
    cancelled: `Your order ${orderNumber} was cancelled.`,
  })[status]
