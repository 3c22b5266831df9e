/**
 * One order opened from the list (page actor `order-detail`): its items and total, and the status moves it may make.
 * A MOVE the contract's rule (contract/order-status-rules.ts) does not allow is ignored, so the view offers only the
 * allowed ones; the server answers a move that became stale (another agent moved it first) with 409, shown as is.
 *
 *   closed --OPEN--> open --MOVE(allowed)--> moving --done--> open (the order as the server kept it; the list reloads)
 *                                                 \--error--> open (failure kept)          CLOSE from open
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import { canMove } from "../../contract/order-status-rules"
import type { Order, OrderStatus } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { reloadReport } from "../common/reload-report"

export const ORDERS_LIST = "report-orders"

export interface OrderDetailContext {
  readonly order: Order | null
  /** The status being asked for while `moving`. */
  readonly target: OrderStatus | null
  readonly failure: Failure | null
  /** Moves the server confirmed since the actor started (the view's notice counts them). */
  readonly moved: number
}

export type OrderDetailEvent = { type: "OPEN"; order: Order } | { type: "MOVE"; to: OrderStatus } | { type: "CLOSE" }

export type OrderDetailTag = "open" | "busy"

export const orderDetailMachine = setup({
  types: { context: {} as OrderDetailContext, events: {} as OrderDetailEvent, tags: {} as OrderDetailTag },
  actors: {
    move: fromEffect<Order, { readonly id: number; readonly status: OrderStatus }>(({ id, status }) =>
      Effect.gen(function* () {
        const api = yield* Api
        const body = yield* api.call("chatbots", "orderUpdateStatus", { id, status })
        return body.data
      }),
    ),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, "MOVE")
      return context.order !== null && canMove(context.order.status, event.to)
    },
  },
  actions: {
    reloadList: reloadReport(ORDERS_LIST),
  },
}).createMachine({
  id: "order-detail",
  initial: "closed",
  context: { order: null, target: null, failure: null, moved: 0 },
  states: {
    closed: {
      on: { OPEN: { target: "open", actions: assign({ order: ({ event }) => event.order, failure: null, target: null }) } },
    },
    open: {
      tags: "open",
      on: {
        MOVE: { guard: "allowed", target: "moving", actions: assign({ target: ({ event }) => event.to, failure: null }) },
        OPEN: { actions: assign({ order: ({ event }) => event.order, failure: null, target: null }) },
        CLOSE: { target: "closed", actions: assign({ order: null, failure: null, target: null }) },
      },
    },
    moving: {
      tags: ["open", "busy"],
      invoke: {
        id: "move",
        src: "move",
        input: ({ context }) => ({ id: context.order?.id ?? 0, status: context.target ?? "received" }),
        onDone: {
          target: "open",
          actions: [assign({ order: ({ event }) => event.output, target: null, moved: ({ context }) => context.moved + 1 }), "reloadList"],
        },
        onError: { target: "open", actions: assign({ failure: ({ event }) => failureOf(event.error), target: null }) },
      },
    },
  },
})
