/**
 * Routing: the queue's order, each waiting customer's place and estimated wait, told to the web-chat widget live and
 * on WhatsApp/SMS by the tenant's automatic texts (server/features/routing); and the agents' queue (/apps/queue):
 * what waits with its place, running and estimated wait, priority and why, agent group and SLA countdown; "take next";
 * every agent's load for the admins. The capacity per channel kind is the chat feature's
 * (server/features/chat/capacity.ts), the hand-out tenant-settings' auto-assign.
 */
import { type Feature, screen } from "../feature"

export const routing: Feature = {
  name: "routing",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["routing"],
  screens: {
    routingQueue: screen(
      () => import("../../views/routing/QueueView"),
      (m) => m.QueueView,
    ),
  },
  pages: {
    "routing-queue": () => import("../../machines/routing/routing-queue").then((m) => m.routingQueueMachine),
  },
  strings: {
    en: () => import("../../views/routing/strings").then((m) => ({ routing: m.routingEn })),
    tr: () => import("../../views/routing/strings.tr").then((m) => ({ routing: m.routingTr })),
    ar: () => import("../../views/routing/strings.ar").then((m) => ({ routing: m.routingAr })),
  },
  uses: ["sla"],
}
