/**
 * Development hooks of the WhatsApp simulator (off when NODE_ENV=production): tests, the CLI
 * (`npm run simulate:call`) and people place incoming calls, hang them up as the customer, and read media stats.
 *
 *   POST /dev/simulator/calls               { clientId, number, name? } -> { data: { callId } }
 *   POST /dev/simulator/calls/:id/hangup    the customer hangs up
 *   GET  /dev/simulator/calls/:id           { data: { callId, status, agentId, emittedAt, media } }
 */
import type { HttpRoutes } from "../registry"
import { ApiError } from "../../http/errors"
import { hubOf } from "./call-hub"

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    app.addHook("onClose", async () => hubOf(services).close())
    if (!services.config.dev) return
    app.post("/dev/simulator/calls", async (req) => {
      const body = (req.body ?? {}) as { clientId?: unknown; number?: unknown; name?: unknown }
      const clientId = Number(body.clientId ?? 1)
      const number = typeof body.number === "string" ? body.number.trim() : ""
      if (!Number.isInteger(clientId) || clientId <= 0) throw new ApiError(400, "BAD_REQUEST", "clientId must be a tenant id", "clientId")
      if (!number) throw new ApiError(400, "BAD_REQUEST", "number is required", "number")
      const name = typeof body.name === "string" && body.name.trim() ? body.name.trim() : undefined
      const callId = await hubOf(services).channel.placeCall({ clientId, number, name })
      return { data: { callId } }
    })
    app.post<{ Params: { id: string } }>("/dev/simulator/calls/:id/hangup", async (req) => {
      const hub = hubOf(services)
      if (!hub.calls.has(req.params.id)) throw new ApiError(404, "NOT_FOUND", "No such live call")
      await hub.channel.customerHangup(req.params.id)
      return { data: { ok: true } }
    })
    app.get<{ Params: { id: string } }>("/dev/simulator/calls/:id", async (req) => {
      const hub = hubOf(services)
      const call = hub.calls.get(req.params.id)
      const media = hub.channel.stats(req.params.id)
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
  },
]
