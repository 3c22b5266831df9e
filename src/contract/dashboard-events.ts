/**
 * The dashboard's live event on the socket service (the same socket.io connection as the chat events, see
 * chat-events.ts). The "now" boxes move from it; nothing polls.
 *
 * When: after a commit that may change a now-value (a conversation opened, assigned, answered, closed; an agent went
 * online or offline), coalesced per tenant: at most one event per DASHBOARD_NOW_INTERVAL_MS, always carrying the values
 * read after the last such commit. An event whose values equal the last sent ones is not sent.
 * Who: every socket of the tenant whose user holds the back-end `dashboard` permission while its console has a
 * dashboard open (it watches the channel: realtime-watch.ts); never another tenant's.
 * Order: `seq` increases per tenant; the console keeps the event with the highest seq (and the `now` of
 * POST /info/boxes until the first event arrives).
 */
import type { DashboardNow } from "./schemas/reports"

export const DASHBOARD_NOW_INTERVAL_MS = 200

export interface DashboardToBrowser {
  "dashboard:now": { seq: number; now: DashboardNow }
}

export type DashboardToBrowserEvent = keyof DashboardToBrowser

export const DASHBOARD_TO_BROWSER_EVENTS: readonly DashboardToBrowserEvent[] = ["dashboard:now"]
