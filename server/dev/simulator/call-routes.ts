/**
 * Development hooks of the WhatsApp call simulator (development servers only): tests, the CLI
 * (`npm run simulate:call`) and people place incoming calls, hang them up as the customer, and read media stats.
 * Only a tenant admin (in their tenant) or the per-start key may call them: see dev/access.ts.
 *
 *   POST /dev/simulator/calls               { clientId, number, name? } -> { data: { callId } }
 *   POST /dev/simulator/calls/:id/hangup    the customer hangs up
 *   POST /dev/simulator/calls/:id/say       { speaking } the customer speaks (the hold tone's clip, looped) or stops
 *   GET  /dev/simulator/calls/:id           { data: { callId, status, agentId, emittedAt, media } }
 */
import { holdTone, hubOf } from "../../features/calls"
import type { HttpRoutes } from "../../core/registry"
import { ApiError } from "../../http/errors"
import { SHED_WHEN_BUSY } from "../../http/shedding"
import { devCallerOf, devMaySee, devTenantOf } from "../access"

export const callSimulatorRoutes: HttpRoutes = (app, services) => {
  app.post("/dev/simulator/calls", { config: SHED_WHEN_BUSY }, async (req) => {
    const body = (req.body ?? {}) as { clientId?: unknown; number?: unknown; name?: unknown }
    const clientId = devTenantOf(await devCallerOf(services, req), body.clientId)
    const number = typeof body.number === "string" ? body.number.trim() : ""
    if (!number) throw new ApiError(400, "BAD_REQUEST", "number is required", "number")
    const name = typeof body.name === "string" && body.name.trim() ? body.name.trim() : undefined
    const callId = await hubOf(services).channel.placeCall({ clientId, number, name })
    return { data: { callId } }
  })
  app.post<{ Params: { id: string } }>("/dev/simulator/calls/:id/hangup", async (req) => {
    const caller = await devCallerOf(services, req)
    const hub = hubOf(services)
    const call = await hub.live(req.params.id)
    if (!call || !devMaySee(caller, call.clientId)) throw new ApiError(404, "NOT_FOUND", "No such live call")
    await hub.channel.customerHangup(req.params.id)
    return { data: { ok: true } }
  })
  app.post<{ Params: { id: string } }>("/dev/simulator/calls/:id/say", async (req) => {
    const caller = await devCallerOf(services, req)
    const hub = hubOf(services)
    const call = await hub.live(req.params.id)
    const speaking = ((req.body ?? {}) as { speaking?: unknown }).speaking === true
    if (!call || !devMaySee(caller, call.clientId) || !hub.channel.customerSays(req.params.id, speaking ? holdTone() : null))
      throw new ApiError(404, "NOT_FOUND", "No such answered call")
    return { data: { ok: true } }
  })
  app.get<{ Params: { id: string } }>("/dev/simulator/calls/:id", async (req) => {
    const caller = await devCallerOf(services, req)
    const hub = hubOf(services)
    const live = await hub.live(req.params.id)
    // Once a call ended only the per-start key (which sees every tenant) still reads its media figures.
    const call = live && devMaySee(caller, live.clientId) ? live : undefined
    const media = call || caller.clientId === null ? (hub.channel.stats(req.params.id) ?? hub.meta.stats(req.params.id)) : null
    if (!call && !media) throw new ApiError(404, "NOT_FOUND", "No such live call")
    return {
      data: {
        callId: req.params.id,
        status: call?.status ?? null,
        agentId: call?.agentId ?? null,
        emittedAt: call?.emittedAt ?? null,
        media,
      },
    }
  })
}
