/**
 * The dashboard's read of the figures over HTTP (a scripted server): every card's call with the range as whole days,
 * and one card's failure (a call the user may not make) kept on that card while the others load; a business a super
 * admin picked named to every call that reads one.
 */
import { ManagedRuntime } from "effect"
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import { waitFor } from "xstate"
import { appTestLayer } from "../../services/app-layer"
import { startTestServer, type TestServer } from "../../services/api/api-test-server.testing"
import { makeRecordingShell } from "../../services/browser/browser-shell"
import { makeMemoryStorage } from "../../services/browser/storage"
import { createAppActor } from "../common/from-effect"
import { dashboardActors } from "./dashboard-figures"
import { figuresWith, nowAt } from "./dashboard.testing"

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const read = async (clientId: number | null = null) => {
  const runtime = ManagedRuntime.make(
    appTestLayer({
      config: { origin: server.origin, apiBase: "/api", rtBase: "/rt" },
      storage: makeMemoryStorage({ user_token: "TOKEN" }),
      shell: makeRecordingShell(),
    }),
  )
  const actor = createAppActor(dashboardActors.figures, {
    runtime,
    input: { range: { start: "2026-03-01", end: "2026-03-07" }, clientId },
  }).start()
  await waitFor(actor, (s) => s.status !== "active").catch(() => undefined)
  await runtime.dispose()
  return actor.getSnapshot()
}

it("reads every card for the chosen days and keeps a refused call's failure on its own card", async () => {
  const expected = figuresWith(nowAt("2026-03-07T10:00:00Z", 2))
  server.on("POST /api/info/boxes", { body: { data: expected.boxes.value } })
  server.on("POST /api/message/stats", { body: { data: expected.messages.value } })
  server.on("POST /api/chat/hourly", { body: { data: expected.heatmap.value } })
  server.on("POST /api/calls/summary", { status: 403, body: { status: 403, message: "You do not have access to this." } })
  server.on("POST /api/ticket/count", { body: { data: expected.tickets.value } })
  server.on("POST /api/fetch/customer/campaign", { body: { data: [] } })
  server.on("POST /api/template/report", { body: { data: [] } })
  server.on("GET /api/fetch/shell/territories", { body: { data: [] } })
  const snapshot = await read()
  expect(snapshot.status).toBe("done")
  const figures = snapshot.output!
  expect(figures.boxes).toEqual(expected.boxes)
  expect(figures.messages).toEqual(expected.messages)
  expect(figures.heatmap).toEqual(expected.heatmap)
  expect(figures.tickets).toEqual(expected.tickets)
  expect(figures.calls.value).toBe(null)
  expect(figures.calls.failure).toMatchObject({ status: 403 })
  const ranged = server.seen.filter((r) => r.method === "POST")
  expect(ranged).toHaveLength(7)
  for (const request of ranged) expect(request.body).toEqual({ start_date: "2026-03-01", end_date: "2026-03-07" })
})

it("names the picked business to every call, the campaign and template reports too", async () => {
  const expected = figuresWith(nowAt("2026-03-07T10:00:00Z", 2))
  const campaign = {
    campaign_id: 3,
    name: "Spring sale",
    status: "completed",
    total: 4,
    sent: 4,
    delivered: 3,
    read: 2,
    failed: 0,
    dt: "2026-03-02T09:00:00Z",
  }
  server.on("POST /api/info/boxes", { body: { data: expected.boxes.value } })
  server.on("POST /api/ticket/count", { body: { data: expected.tickets.value } })
  server.on("POST /api/fetch/customer/campaign", { body: { data: [campaign] } })
  server.on("POST /api/template/report", { body: { data: [{ template_name: "order_ready", sent: 4, delivered: 3, read: 2, failed: 0 }] } })
  server.on("GET /api/fetch/shell/territories", { body: { data: [] } })
  const figures = (await read(7)).output!
  expect(figures.boxes).toEqual(expected.boxes)
  expect(figures.campaigns.value?.map((c) => c.name)).toEqual(["Spring sale"])
  expect(figures.templates.value?.map((t) => t.template_name)).toEqual(["order_ready"])
  const paths = server.seen.map((r) => r.path).sort()
  expect(paths).toContain("/api/fetch/customer/campaign")
  expect(paths).toContain("/api/template/report")
  for (const request of server.seen.filter((r) => r.method === "POST"))
    expect(request.body).toEqual({ start_date: "2026-03-01", end_date: "2026-03-07", client_id: 7 })
  expect(server.seen.find((r) => r.method === "GET")?.query.get("client_id")).toBe("7")
})
