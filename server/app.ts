/** startServer: database, migrations, seed, every call, socket service, console — one HTTP port. */
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify"
import type { PGlite } from "@electric-sql/pglite"
import { sql } from "drizzle-orm"
import { openDatabase, migrateDatabase } from "./db/db"
import { seedIfEmpty } from "./db/seed/world"
import { seedPlatformIfEmpty, type FirstAdmin } from "./db/seed/platform"
import { makeConfig, secretFor, type Config } from "./config"
import { loadFeatures } from "./features/load"
import { registerCalls } from "./http/calls"
import { registerWeb } from "./http/web"
import rateLimit from "@fastify/rate-limit"
import { rateLimitError } from "./http/throttle"
import { registerJsonBody } from "./http/json-body"
import { capConnectionsPerAddress, timeoutsOf } from "./http/limits"
import { registerSecurityHeaders } from "./http/headers"
import { toApiError } from "./http/errors"
import { attachRealtime } from "./realtime/socket"
import type { Services } from "./http/context"
import { startJobs, type JobRunner, type JobsOptions } from "./core/job-runner"
import { mailJob } from "./core/mail"
import { closeRedis, openRedis } from "./core/redis"
import { redisRateStore } from "./http/redis-rate-store"
import { proxyTrustOf } from "./http/trusted-proxy"
import { registerHealth, type Readiness } from "./http/health"
import { registerShedding } from "./http/shedding"
import { attachClusterAdapter } from "./realtime/cluster"
import { notConnectedChannels } from "./channels/fallback-channels"

export interface StartOptions {
  /** 0 picks a free port. Default: PORT or 8080. */
  readonly port?: number
  readonly host?: string
  /** PGlite data folder (default ./data); ignored when databaseUrl is set. */
  readonly dataDir?: string
  /** PostgreSQL connection string. */
  readonly databaseUrl?: string
  /** An opened PGlite (tests pass a clone of a seeded template). */
  readonly pglite?: PGlite
  /** Seed the demo world into an empty database (default true). */
  readonly seed?: boolean
  readonly jwtSecret?: string
  readonly config?: Partial<Config>
  readonly distDir?: string
  /** The durable job runner (server/core/jobs.ts): a controlled clock, or autoStart false for tests that drive it. */
  readonly jobs?: JobsOptions
}

export interface RunningServer {
  readonly url: string
  readonly port: number
  readonly services: Services
  readonly app: FastifyInstance
  readonly jobs: JobRunner
  /** A production server's first start made this super admin (db/seed/platform.ts); null otherwise. */
  readonly firstAdmin: FirstAdmin | null
  /**
   * Graceful stop (SIGTERM): /readyz turns 503 for `config.shutdownDrainMs`, then the port closes while in-flight
   * requests finish and the job runner finishes its running jobs; this process's sockets are closed (their clients
   * reconnect, through the balancer to another process), then Redis and the database. Bound it from outside.
   */
  readonly stop: () => Promise<void>
}

const BODY_LIMIT = 25 * 1024 * 1024

const buildApp = (config: Config) => {
  const app = Fastify({
    // Off: nothing logs request URLs. A logger turned on here needs a request serializer that drops the query string
    // (the spec's token login carries a credential in `?access_token=`).
    logger: false,
    ...timeoutsOf(config),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500 },
    // One matcher for Fastify's X-Forwarded-* and the socket handshake's (http/trusted-proxy.ts).
    trustProxy: config.trustProxy === false ? false : proxyTrustOf(config.trustProxy),
    // Router-level failures (malformed URL, over-long path parameter) answer with the same error body.
    frameworkErrors: (error, _req, reply) => {
      const apiError = toApiError(error)
      void (reply as unknown as FastifyReply).status(apiError.status).send(apiError.body())
    },
  })
  registerJsonBody(app)
  app.setErrorHandler((error, _req, reply) => {
    const apiError = toApiError(error)
    if (apiError.status === 500) console.error("[server] unexpected error:", error)
    void reply.status(apiError.status).send(apiError.body())
  })
  return app
}

export const startServer = async (options: StartOptions = {}): Promise<RunningServer> => {
  const database = await openDatabase(options)
  const dataDir = options.databaseUrl || options.pglite ? undefined : (options.dataDir ?? "./data")
  let listening = ""
  const config = makeConfig(secretFor(dataDir, options.jwtSecret), options.config, () => listening)
  // An empty database gets the demo world in development, and only the platform and its super admin in production.
  const firstAdmin = await database.exclusive(async () => {
    await migrateDatabase(database)
    if (options.seed === false) return null
    if (config.dev) {
      await seedIfEmpty(database)
      return null
    }
    return seedPlatformIfEmpty(database, process.env, new URL(config.publicUrl() || "http://localhost").hostname)
  })
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : null
  // A development server adds the simulators and their /dev/* hooks (server/dev); production never loads that code, and
  // its numbers without a connected provider refuse sends and calls instead.
  const dev = config.dev ? await import("./dev/index") : null
  const services: Services = { database, config, realtime: null, fallbackChannels: dev?.devChannels ?? notConnectedChannels, redis }
  const readiness: Readiness = { draining: false }
  const features = await loadFeatures()
  const app = buildApp(config)
  capConnectionsPerAddress(app.server, config.connectionsPerAddress)
  await registerSecurityHeaders(app, config)
  registerHealth(app, services, redis, readiness)
  await registerShedding(app, services)
  // Before the routes: http/throttle.ts makes its limiter from it. With Redis, one count across the processes; should
  // Redis fail, the limit is skipped (the per-account login throttle is in the database and still holds).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: rateLimitError,
    ...(redis ? { store: redisRateStore(redis), skipOnError: true } : {}),
  })
  registerCalls(app, services, features.handlers)
  for (const routes of features.httpRoutes) routes(app, services)
  for (const routes of dev?.httpRoutes ?? []) routes(app, services)
  await registerWeb(app, services, options.distDir ?? "dist")
  await app.ready()
  const realtime = attachRealtime(app.server, services, features.socketFeatures)
  services.realtime = realtime
  const closeAdapter = redis ? await attachClusterAdapter(realtime.io, redis) : null
  const host = options.host ?? process.env.HOST ?? "127.0.0.1"
  await app.listen({ port: options.port ?? Number(process.env.PORT ?? 8080), host })
  await database.db.execute(sql`select 1`)
  const address = app.server.address()
  const port = typeof address === "object" && address ? address.port : 0
  listening = `http://${host.includes(":") ? `[${host}]` : host}:${port}`
  const jobs = startJobs(services, [...features.jobHandlers, mailJob], features.schedules, options.jobs)
  let stopping: Promise<void> | null = null
  const stop = async () => {
    readiness.draining = true
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
    // The jobs first: what a finished job handed on after its commit (an SMS dispatch) is then in the hands of the
    // feature's close hook, which lets it finish before the database closes.
    await jobs.stop()
    const closing = app.close()
    // This process's sockets only: the adapter would carry a plain disconnectSockets to every process.
    realtime.io.local.disconnectSockets(true)
    await closing
    await realtime.close()
    // Timers that would announce something (the dashboard's now-values) find no socket service and stop there.
    services.realtime = null
    await closeAdapter?.()
    await closeRedis(redis)
    await database.close()
  }
  return {
    url: listening,
    port,
    services,
    app,
    jobs,
    firstAdmin,
    stop: () => {
      stopping ??= stop()
      return stopping
    },
  }
}
