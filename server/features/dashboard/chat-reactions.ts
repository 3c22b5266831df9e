/** The live dashboard refreshes the tenants whose chat events went out (chat/hooks.ts `eventsRelayed`). */
import { eventsRelayed } from "../chat"
import { dashboardChanged } from "./dashboard-live"

export const hooks = [
  eventsRelayed.on("dashboard", 10, (e) => {
    for (const clientId of e.clientIds) dashboardChanged(e.services, clientId)
  }),
]
