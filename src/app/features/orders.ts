/** Orders (/admin-orders and the company sub-page orders): the orders customers placed in chat and their statuses. */
import { type Feature, screen } from "../feature"

const ordersScreen = screen(
  () => import("../../views/orders/OrdersView"),
  (m) => m.OrdersView,
)

export const orders: Feature = {
  name: "orders",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["chatbots"],
  reports: { "report-orders": () => import("../../machines/orders/orders-list").then((m) => m.ordersListMachine) },
  screens: { adminOrders: ordersScreen, "companyDetails/orders": ordersScreen },
  pages: { "order-detail": () => import("../../machines/orders/order-detail").then((m) => m.orderDetailMachine) },
  strings: {
    en: () => import("../../views/orders/strings").then((m) => ({ orders: m.ordersEn })),
    tr: () => import("../../views/orders/strings.tr").then((m) => ({ orders: m.ordersTr })),
    ar: () => import("../../views/orders/strings.ar").then((m) => ({ orders: m.ordersAr })),
  },
  uses: ["report-kit"],
}
