/**
 * Handlers by call key "group.name". A feature file exports `handlers` (a list made with `handle`) and
 * optionally `socketFeatures`; server/features/load.ts finds every such file, so a later feature only adds files.
 */
import type { Catalogue, CallName, GroupKey } from "../../src/contract/catalogue"
import type { Ctx } from "../http/context"
import type { FastifyInstance } from "fastify"
import type { Services } from "../http/context"
import type { SocketFeature } from "../realtime/socket"
import type { JobHandler, Schedule } from "./jobs"
import type { HookRegistration } from "./hooks"

type InputOf<G extends GroupKey, N extends CallName<G>> = Catalogue[G]["calls"][N] extends {
  request: { Type: infer T }
}
  ? T
  : never

export interface Handler {
  readonly key: string
  readonly run: (ctx: Ctx, input: unknown) => Promise<unknown>
  /** A write that opens its own transactions (`handleInBatches`): the pipeline opens none around it. */
  readonly ownTransactions?: true
}

/** Declares the handler of one call; `input` is the request decoded by the call's schema (path params included). */
export const handle = <G extends GroupKey, N extends CallName<G>>(
  group: G,
  name: N,
  run: (ctx: Ctx, input: InputOf<G, N>) => Promise<unknown>,
): Handler => ({
  key: `${group}.${name}`,
  run: run as Handler["run"],
})

/**
 * Declares the handler of a long write done in bounded batches, each its own transaction through
 * `ctx.services.database.transaction` (a large import), so other requests get the database between batches; `ctx.db`
 * is the pool, and the handler accounts for what the batches committed before a failure.
 */
export const handleInBatches = <G extends GroupKey, N extends CallName<G>>(
  group: G,
  name: N,
  run: (ctx: Ctx, input: InputOf<G, N>) => Promise<unknown>,
): Handler => ({ ...handle(group, name, run), ownTransactions: true })

export interface FeatureModule {
  readonly handlers?: readonly Handler[]
  readonly socketFeatures?: readonly SocketFeature[]
  /** Plain HTTP routes outside the catalogue (webhook receivers, lifetime hooks), registered at start; /dev/* hooks are server/dev's. */
  readonly httpRoutes?: readonly HttpRoutes[]
  /** Handlers of durable jobs by kind (server/core/jobs.ts). */
  readonly jobHandlers?: readonly JobHandler[]
  /** Schedules the job runner ticks: each turns what is due into jobs. */
  readonly schedules?: readonly Schedule[]
  /** Reactions at other features' hook points (core/hooks.ts; the chat's: features/chat/hooks.ts), installed at start. */
  readonly hooks?: readonly HookRegistration[]
}

export type HttpRoutes = (app: FastifyInstance, services: Services) => void
