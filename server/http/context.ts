import type { CallDef } from "../../src/contract/call"
import type { Database, Db } from "../db/db"
import type { Config } from "../config"
import type { Principal } from "../auth/principal"
import type { Realtime } from "../realtime/realtime"
import type { FallbackChannels } from "../channels/fallback-channels"
import { sql } from "drizzle-orm"
import { rowsOf } from "../db/rows"
import { forbidden, idOf, notFound, unauthorized } from "./errors"
import type { UploadedFile } from "./upload"
import type { RedisClient } from "../core/redis"

/** What a server instance shares with every handler. */
export interface Services {
  readonly database: Database
  readonly config: Config
  /** Set once the socket service is attached. */
  realtime: Realtime | null
  /**
   * The channels of numbers no provider is connected for: the simulators on a development server (server/dev), a
   * refusal in production (channels/fallback-channels.ts).
   */
  readonly fallbackChannels: FallbackChannels
  /** Redis shared by the server processes (config.redisUrl), null without one. */
  readonly redis: RedisClient | null
}

export interface Ctx {
  /** The database, or the call's transaction for writes. */
  readonly db: Db
  readonly services: Services
  readonly principal: Principal
  readonly call: CallDef
  readonly ip: string
  readonly userAgent: string
  readonly origin: string
  /** Runs `fn` once the call's transaction committed (at once for reads): real-time events never announce a rolled-back write. */
  readonly afterCommit?: (fn: () => void) => void
  /** An upload call's file (CallDef.upload), received in full before the transaction began. */
  readonly upload?: UploadedFile
}

/** The caller's tenant: always from the token, never from the payload. */
export const tenantOf = (ctx: Ctx): number => {
  if (ctx.principal.clientId === null || ctx.principal.clientId <= 0) throw forbidden("No tenant for this credential")
  return ctx.principal.clientId
}

/**
 * The business a call acts on, given the `client_id` the caller named: a super admin may name any business but the
 * platform's own (404 "Business" when there is no such business); anyone else gets their own tenant, and is refused
 * for naming another. Naming nothing, or one's own tenant, is one's own tenant. The id may come as a path or query
 * string: one that is not an id is 404 "Business" too.
 */
export const businessOf = async (ctx: Ctx, named: number | string | undefined): Promise<number> => {
  const own = tenantOf(ctx)
  if (named === undefined) return own
  const asked = idOf(named, "Business")
  if (asked === own) return own
  if (!ctx.principal.superAdmin) throw forbidden("Only a super admin may name another business")
  const found = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM clients WHERE id = ${asked} AND NOT platform`))
  if (found.length === 0) throw notFound("Business")
  return asked
}

/**
 * The call's context acting for `clientId` (from `businessOf`): the shared readers that take the tenant from the
 * context then read that business. For reads only; the user stays the caller.
 */
export const actingFor = (ctx: Ctx, clientId: number): Ctx =>
  clientId === ctx.principal.clientId ? ctx : { ...ctx, principal: { ...ctx.principal, clientId } }

/** The calling user (user-token calls). */
export const userOf = (ctx: Ctx): { userId: number; clientId: number } => {
  if (ctx.principal.userId === null) throw unauthorized("UNAUTHENTICATED", "A user token is required")
  return { userId: ctx.principal.userId, clientId: tenantOf(ctx) }
}
