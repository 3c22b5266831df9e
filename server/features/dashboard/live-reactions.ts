/**
 * The live dashboard refreshes a tenant whose chat events went out (chat/hooks.ts `eventsRelayed`) or whose agent went
 * online or offline (session/hooks.ts `presenceChanged`).
 */
import { eventsRelayed } from "../chat"
import { presenceChanged } from "../session"
import { dashboardChanged } from "./dashboard-live"

export const hooks = [
  eventsRelayed.on("dashboard", 10, (e) => {
    for (const clientId of e.clientIds) dashboardChanged(e.services, clientId)
  }),
  presenceChanged.on("dashboard", 10, (p) => dashboardChanged(p.services, p.clientId)),
]
