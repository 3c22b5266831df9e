/**
 * Who may use the development hooks (/dev/*: the mail outbox, the channel simulator). They exist only when
 * `config.dev` (NODE_ENV is not production: app.ts loads server/dev/ then) and answer only
 *  - a logged-in tenant admin: a user token whose user holds the simulator page's key (FRONT:/apps/simulator), acting
 *    in the token's tenant only (a clientId in the payload is ignored, as everywhere); or
 *  - the per-start key (`x-dev-key`, printed by `npm start`) that the CLI scripts send, acting in the tenant they name.
 * Anyone else gets 401/403: the outbox holds password-reset links, so an open outbox is an account takeover.
 */
import { timingSafeEqual } from "node:crypto"
import type { FastifyRequest } from "fastify"
import { frontKey } from "../../src/contract/routes"
import { verifyUserToken } from "../auth/principal"
import type { Services } from "../http/context"
import { badRequest, forbidden, unauthorized } from "../http/errors"

export const DEV_KEY_HEADER = "x-dev-key"
const SIMULATOR_KEY = frontKey("/apps/simulator")

/** The caller of a dev hook: its tenant, or null when the per-start key may act in any tenant. */
export interface DevCaller {
  readonly clientId: number | null
}

const headerOf = (req: FastifyRequest, name: string) => {
  const value = req.headers[name]
  return typeof value === "string" && value.length > 0 ? value : undefined
}

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const devCallerOf = async (services: Services, req: FastifyRequest): Promise<DevCaller> => {
  const key = headerOf(req, DEV_KEY_HEADER)
  if (key !== undefined) {
    if (!sameKey(key, services.config.devKey)) throw unauthorized("TOKEN_INVALID", "Wrong development key")
    return { clientId: null }
  }
  const principal = await verifyUserToken(services.database.db, services.config.jwtSecret, headerOf(req, "user-token"))
  if (principal.clientId === null || !principal.grants.has(SIMULATOR_KEY)) throw forbidden("The development hooks are for tenant admins")
  return { clientId: principal.clientId }
}

/** The tenant a hook acts in: the caller's own, or (per-start key) the one the payload names (default 1). */
export const devTenantOf = (caller: DevCaller, claimed: unknown): number => {
  if (caller.clientId !== null) return caller.clientId
  const clientId = Number(claimed ?? 1)
  if (!Number.isInteger(clientId) || clientId <= 0) throw badRequest("clientId must be a tenant id", "clientId")
  return clientId
}

/** Whether the caller may see a record of `clientId`. */
export const devMaySee = (caller: DevCaller, clientId: number) => caller.clientId === null || caller.clientId === clientId
