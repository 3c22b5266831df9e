/**
 * The live `dashboard:now` event (src/contract/dashboard-events.ts). Whatever may move a now-value (a chat event, an
 * agent going online or offline) calls `dashboardChanged` after its commit; per tenant the values are read again at
 * most every DASHBOARD_NOW_INTERVAL_MS and sent to `dashboard:<clientId>` (sockets whose user holds BACK:dashboard,
 * while their console has a dashboard open: `rt:watch`, realtime/watch.ts) only when they differ from the last sent.
 * A socket that starts watching gets the current values at once.
 */
import { DASHBOARD_NOW_INTERVAL_MS, type DashboardToBrowser } from "../../../src/contract/dashboard-events"
import { backKey } from "../../../src/contract/routes"
import type { DashboardNow } from "../../../src/contract/schemas/reports"
import type { Services } from "../../http/context"
import type { SocketFeature } from "../../realtime/socket"
import { followWatch } from "../../realtime/watch"
import { nowOf } from "./dashboard-now"

export const DASHBOARD_KEY = backKey("dashboard")
export const dashboardRoom = (clientId: number) => `dashboard:${clientId}`

interface TenantState {
  timer: ReturnType<typeof setTimeout> | null
  lastAt: number
  last: string | null
  /** As the chat's seq: max(previous + 1, Date.now() * 1000), so a restarted server continues above what it sent. */
  seq: number
}

const states = new WeakMap<Services, Map<number, TenantState>>()

const stateOf = (services: Services, clientId: number): TenantState => {
  let map = states.get(services)
  if (!map) {
    map = new Map()
    states.set(services, map)
  }
  let state = map.get(clientId)
  if (!state) {
    state = { timer: null, lastAt: 0, last: null, seq: 0 }
    map.set(clientId, state)
  }
  return state
}

const valuesOf = (now: DashboardNow) => JSON.stringify({ ...now, at: undefined })

const payloadOf = (services: Services, clientId: number, now: DashboardNow): DashboardToBrowser["dashboard:now"] => {
  const state = stateOf(services, clientId)
  state.seq = Math.max(state.seq + 1, Date.now() * 1000)
  return { seq: state.seq, now }
}

const flush = async (services: Services, clientId: number, state: TenantState) => {
  state.timer = null
  state.lastAt = Date.now()
  if (!services.realtime) return
  const now = await nowOf(services.database.db, clientId)
  // Read after the query: a server that stopped meanwhile has detached its socket service (and closed Redis).
  const io = services.realtime?.io
  if (!io) return
  const values = valuesOf(now)
  if (values === state.last) return
  state.last = values
  io.to(dashboardRoom(clientId)).emit("dashboard:now", payloadOf(services, clientId, now))
}

/** Schedules a coalesced re-read of the tenant's now-values (call after the write committed). */
export const dashboardChanged = (services: Services, clientId: number): void => {
  const state = stateOf(services, clientId)
  if (state.timer) return
  const wait = Math.max(0, state.lastAt + DASHBOARD_NOW_INTERVAL_MS - Date.now())
  state.timer = setTimeout(() => {
    flush(services, clientId, state).catch((error: unknown) => console.error("[dashboard] now event failed", error))
  }, wait)
  state.timer.unref?.()
}

export const socketFeatures: readonly SocketFeature[] = [
  (socket, _realtime, services) => {
    const { principal } = socket.data
    if (principal.clientId === null || principal.userId === null || !principal.grants.has(DASHBOARD_KEY)) return
    const clientId = principal.clientId
    followWatch(socket, "dashboard", (on) => {
      if (!on) return void socket.leave(dashboardRoom(clientId))
      void socket.join(dashboardRoom(clientId))
      nowOf(services.database.db, clientId)
        .then((now) => socket.emit("dashboard:now", payloadOf(services, clientId, now)))
        .catch((error: unknown) => console.error("[dashboard] now on join failed", error))
    })
  },
]
