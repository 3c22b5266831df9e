/**
 * A customer's data rights on their contact page (page actor `customer-data`): "Export data" downloads everything the
 * tenant holds about the customer as one JSON file; "Erase customer" opens a confirmation that erases only once the
 * customer's number is typed exactly, then says what went and emits `erased` (the contact book reloads, the page closes).
 *
 *   idle --EXPORT--> exporting --done--> idle (download) | --error--> idle (failure)
 *   idle --ERASE.ASK--> asking --CONFIRM.TYPE--> asking --ERASE.CONFIRM [typed = number]--> erasing
 *        erasing --done--> erased (emits erased) | --error--> asking (failure)     asking --ERASE.CANCEL--> idle
 */
import { Effect } from "effect"
import { assertEvent, assign, emit, enqueueActions, setup } from "xstate"
import type { CustomerErasure } from "../../contract/groups/data-rights"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import type { ExportFile } from "../report-kit/report-machine"

export interface Customer {
  readonly id: number
  readonly number: string
}

export interface CustomerDataContext {
  readonly customer: Customer | null
  readonly typed: string
  readonly download: (ExportFile & { readonly id: number }) | null
  readonly erased: CustomerErasure | null
  readonly failure: Failure | null
}

export type CustomerDataEvent =
  | { type: "CUSTOMER"; customer: Customer }
  | { type: "EXPORT" }
  | { type: "DOWNLOAD.SAVED" }
  | { type: "ERASE.ASK" }
  | { type: "CONFIRM.TYPE"; text: string }
  | { type: "ERASE.CONFIRM" }
  | { type: "ERASE.CANCEL" }
  | { type: "DONE" }

export type CustomerDataEmitted = { type: "erased"; erasure: CustomerErasure }

/** The typed confirmation matches the customer's number (spaces around it do not count). */
export const confirms = (typed: string, number: string) => typed.trim() === number

const exportCustomer = fromEffect((id: number) =>
  Effect.flatMap(Api, (api) => api.call("dataRights", "customerExport", { id })).pipe(
    Effect.map(
      (body): ExportFile => ({
        filename: `customer-${body.data.customer_ref}.json`,
        content: JSON.stringify(body.data, null, 2),
        mime: "application/json",
      }),
    ),
  ),
)

const eraseCustomer = fromEffect(({ id, number }: { id: number; number: string }) =>
  Effect.flatMap(Api, (api) => api.call("dataRights", "customerErase", { id, confirm_number: number })).pipe(
    Effect.map((body) => body.data),
  ),
)

const empty: CustomerDataContext = { customer: null, typed: "", download: null, erased: null, failure: null }
let downloads = 0

export const customerDataMachine = setup({
  types: { context: {} as CustomerDataContext, events: {} as CustomerDataEvent, emitted: {} as CustomerDataEmitted },
  actors: { exportCustomer, eraseCustomer },
  guards: {
    typedNumber: ({ context }) => context.customer !== null && confirms(context.typed, context.customer.number),
    hasCustomer: ({ context }) => context.customer !== null,
  },
  actions: {
    setCustomer: assign(({ event }) => {
      assertEvent(event, "CUSTOMER")
      return { ...empty, customer: event.customer }
    }),
    clearFailure: assign({ failure: null }),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    offer: assign((_, file: ExportFile) => ({ download: { ...file, id: ++downloads }, failure: null })),
    saved: assign({ download: null }),
    type: assign(({ event }) => {
      assertEvent(event, "CONFIRM.TYPE")
      return { typed: event.text }
    }),
    cancel: assign({ typed: "", failure: null }),
    erased: enqueueActions(({ enqueue }, erasure: CustomerErasure) => {
      enqueue.assign({ erased: erasure, typed: "", failure: null })
      enqueue(emit({ type: "erased", erasure }))
    }),
    reset: assign(empty),
  },
}).createMachine({
  id: "customerData",
  context: empty,
  initial: "idle",
  states: {
    idle: {
      on: {
        CUSTOMER: { actions: "setCustomer" },
        EXPORT: { guard: "hasCustomer", target: "exporting", actions: "clearFailure" },
        "DOWNLOAD.SAVED": { actions: "saved" },
        "ERASE.ASK": { guard: "hasCustomer", target: "asking", actions: "clearFailure" },
      },
    },
    exporting: {
      invoke: {
        id: "exportCustomer",
        src: "exportCustomer",
        input: ({ context }) => context.customer?.id ?? 0,
        onDone: { target: "idle", actions: { type: "offer", params: outputOf } },
        onError: { target: "idle", actions: { type: "fail", params: errorOf } },
      },
    },
    asking: {
      on: {
        "CONFIRM.TYPE": { actions: "type" },
        "ERASE.CONFIRM": { guard: "typedNumber", target: "erasing" },
        "ERASE.CANCEL": { target: "idle", actions: "cancel" },
      },
    },
    erasing: {
      invoke: {
        id: "eraseCustomer",
        src: "eraseCustomer",
        input: ({ context }) => ({ id: context.customer?.id ?? 0, number: context.typed.trim() }),
        onDone: { target: "erased", actions: { type: "erased", params: outputOf } },
        onError: { target: "asking", actions: { type: "fail", params: errorOf } },
      },
    },
    erased: { on: { DONE: { target: "idle", actions: "reset" } } },
  },
})
