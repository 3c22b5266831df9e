/**
 * Probes for a load balancer and an orchestrator, open without login and saying nothing about any tenant:
 *  - `GET /healthz`: the process is alive and its event loop turns (no I/O): 200 `{ ok: true }`.
 *  - `GET /readyz`: it should get new work: 200 when it is not shutting down and the database (and Redis, when
 *    configured) answer within READY_TIMEOUT_MS, the database over a connection of its own (`Database.ping`: a node
 *    whose pool is busy is still ready; http/shedding.ts refuses the work it cannot take); otherwise 503 naming what failed, e.g.
 *    `{ ok: false, checks: { accepting: true, database: true, redis: false } }`.
 * On SIGTERM (app.ts `stop`) readiness turns 503 first, so the balancer stops sending before the port closes.
 */
import type { FastifyInstance } from "fastify"
import type { Services } from "./context"
import type { RedisClient } from "../core/redis"

const READY_TIMEOUT_MS = 2_000

/** Whether `probe` succeeds within `ms`. */
export const passes = async (probe: () => Promise<unknown>, ms = READY_TIMEOUT_MS): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([probe().then(() => true as const), late])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

export interface Readiness {
  /** Set once shutdown begins: /readyz answers 503 from then on. */
  draining: boolean
}

export const registerHealth = (app: FastifyInstance, services: Services, redis: RedisClient | null, readiness: Readiness) => {
  const noStore = { "cache-control": "no-store" }
  app.get("/healthz", async (_req, reply) => reply.headers(noStore).send({ ok: true }))
  app.get("/readyz", async (_req, reply) => {
    const [database, redisUp] = await Promise.all([
      passes(() => services.database.ping()),
      redis ? passes(() => redis.ping()) : Promise.resolve(null),
    ])
    const checks = { accepting: !readiness.draining, database, ...(redisUp === null ? {} : { redis: redisUp }) }
    const ok = Object.values(checks).every(Boolean)
    return reply
      .status(ok ? 200 : 503)
      .headers(noStore)
      .send({ ok, checks })
  })
}
