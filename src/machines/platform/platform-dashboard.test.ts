/** The platform dashboard, model-based: the first read, a refresh keeping the figures, failures and retry. */
import { checkModel } from "../common/model-check.testing"
import { platformDashboardMachine } from "./platform-dashboard"

const overview = (total: number) => ({
  businesses: { total, active: total, inactive: 0 },
  activity_days: 30,
  most_active: [{ client_id: 2, name: "Acme", active: true, messages: 40, calls: 3, agents_online: 1 }],
  lowest_balances: [{ client_id: 2, name: "Acme", balance: "12.50" }],
  currency: "USD",
  pending_registrations: 1,
  masks_awaiting_approval: 2,
  health: { database: true, redis: null, queue_depth: 0, oldest_job_seconds: null, nodes: 1 },
  at: "2026-11-29T02:00:00.000Z",
})
const refused = { status: 403, code: "FORBIDDEN", message: "Super admin access is required" }

checkModel({
  name: "platform dashboard",
  machine: platformDashboardMachine,
  sources: ["loadOverview"],
  states: ["loading", "ready", "refreshing", "failed"],
  events: [
    { type: "xstate.done.actor.loadOverview", output: overview(2) },
    { type: "xstate.error.actor.loadOverview", error: refused },
    { type: "REFRESH" },
    { type: "RETRY" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.loadOverview", output: overview(2) },
      { type: "REFRESH" },
      { type: "xstate.error.actor.loadOverview", error: refused },
      { type: "REFRESH" },
      { type: "xstate.done.actor.loadOverview", output: overview(3) },
    ],
  ],
  key: (s) => [s.value, s.context.overview?.businesses.total ?? null, s.context.failure !== null],
  view: (s) => ({ value: s.value, overview: s.context.overview, failure: s.context.failure }),
})
