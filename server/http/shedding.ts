/**
 * Load shedding (@fastify/under-pressure): while the database is so busy that a query waits longer than
 * `config.shedAfterMs` for it, the routes that carry `config: SHED_WHEN_BUSY` (customers' traffic whose sender
 * retries: Meta's signed webhooks, the simulator's customers and callers) answer 503 with Retry-After at once, instead
 * of queueing work their sender will have given up on before it is done. Everything else (agents' calls, socket
 * handshakes, /readyz) is served as before, so agents whose node died reconnect to a busy survivor within seconds.
 *
 * The measure is a `select 1` through the same pool as the work, every PROBE_EVERY_MS; it counts as busy when it does
 * not answer within `shedAfterMs`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import underPressure from "@fastify/under-pressure"
import type { Services } from "./context"
import { passes } from "./health"
import { ApiError } from "./errors"

const PROBE_EVERY_MS = 250
/** Seconds a refused sender is asked to wait (Meta's own back-off is longer). */
const RETRY_AFTER_S = 1

declare module "fastify" {
  interface FastifyContextConfig {
    /** under-pressure's per-route handler: SHED_WHEN_BUSY's. */
    pressureHandler?: (req: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined
  }
}

/** A route's `config` that has it refused while the database is busy. */
export const SHED_WHEN_BUSY = {
  pressureHandler: (_req: FastifyRequest, reply: FastifyReply) => {
    void reply.header("retry-after", String(RETRY_AFTER_S))
    return Promise.reject(new ApiError(503, "BUSY", "The server is busy; send this again shortly"))
  },
}

export const registerShedding = async (app: FastifyInstance, services: Services) => {
  const limit = services.config.shedAfterMs
  if (!(limit > 0)) return
  await app.register(underPressure, {
    healthCheck: () => passes(() => services.database.query("select 1"), limit),
    healthCheckInterval: PROBE_EVERY_MS,
    // Routes without SHED_WHEN_BUSY go on.
    pressureHandler: () => undefined,
  })
}
