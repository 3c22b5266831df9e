/**
 * Orders (`report-orders`, /admin-orders and the company sub-page orders): the orders customers placed in chat, by
 * days (the tenant's zone), status and search (order number, customer name or number), newest first, paged on the
 * server; the CSV export streams the same filter with one line per order.
 */
import { Effect, Schema } from "effect"
import { type Order, Order as OrderSchema, type OrderStatus } from "../../contract/schemas/commerce"
import { Api } from "../../services/api/api"
import { streamCsvExport } from "../../services/report-kit/csv-export"
import { column } from "../report-kit/columns"
import { checkRange, daysOf, rangeStem, serverPage } from "../report-kit/conversation-filters"
import { pageOf } from "../report-kit/paged"
import { lastDays } from "../report-kit/range-rules"
import { createReportMachine } from "../report-kit/report-machine"
import { EXPORT_ALL, tableReport } from "../report-kit/table-report"
import { majorText } from "../../contract/money"

export interface OrdersFilters {
  readonly startDate: string
  readonly endDate: string
  /** A status, or "" for all. */
  readonly status: "" | OrderStatus
}

export const ordersFilters = (now = new Date()): OrdersFilters => ({ ...lastDays(30, now), status: "" })

const itemsText = (order: Order) => order.items.map((i) => `${i.quantity} × ${i.name}`).join("; ")

/** The screen's columns; the CSV has the same ones (headers in English, the total in major units). */
export const orderColumns = [
  column<Order>("number", "Order", "text", (o) => o.order_number),
  column<Order>("createdAt", "Placed", "date", (o) => o.created_at),
  column<Order>("customer", "Customer", "text", (o) => o.customer_name),
  column<Order>("phone", "Number", "phone", (o) => o.number),
  column<Order>("items", "Items", "text", itemsText),
  column<Order>("total", "Total", "text", (o) => majorText(o.total, o.currency)),
  column<Order>("currency", "Currency", "text", (o) => o.currency),
  column<Order>("status", "Status", "text", (o) => o.status),
]

export const ordersRequestOf = (f: OrdersFilters, search: string, page: number, limit: number) => ({
  ...daysOf(f),
  ...(f.status ? { status: f.status } : {}),
  ...(search.trim() ? { search: search.trim() } : {}),
  page: serverPage(page),
  limit,
})

export const ordersConfig = (now: () => Date = () => new Date()) =>
  tableReport<Order, OrdersFilters, undefined>({
    name: "orders",
    columns: orderColumns,
    isRow: Schema.is(OrderSchema),
    defaultFilters: () => ordersFilters(now()),
    check: checkRange,
    now,
    load: (query) =>
      Effect.gen(function* () {
        const api = yield* Api
        const body = yield* api.call("chatbots", "orders", ordersRequestOf(query.filters, query.search, query.page, query.pageSize))
        return pageOf<Order>(body)
      }),
    stream: (query, csv) =>
      streamCsvExport({
        group: "chatbots",
        name: "orders",
        payload: ordersRequestOf(query.filters, query.search, 0, EXPORT_ALL),
        rowsAt: ["data", "items"],
        ...csv,
      }),
    fileStem: rangeStem("orders"),
  })

export const ordersListMachine = createReportMachine(ordersConfig())
