/**
 * The legacy token login: `GET /api/auth` mints a single-use access token (five minutes) bound to the caller's login
 * session, and `/api/auth/access-token` trades it for a new session. The token logs in only while the session that
 * minted it is open: logout, a newer login, a new password or a disabled account end it, and with it every token it
 * minted (a new password or a disable also voids the account's unused tokens: login.ts `endUserSessions`).
 *
 * The credential may travel in the `access-token` header or a JSON body `{ "access_token": ... }` (POST), so it stays
 * out of URLs and the logs that keep them; the spec's GET with `?access_token=` is still answered.
 */
import { and, eq, gt, isNull } from "drizzle-orm"
import { Schema } from "effect"
import type { FastifyRequest } from "fastify"
import { AccessTokenRequest } from "../../../src/contract/schemas/auth"
import { catalogue } from "../../../src/contract/catalogue"
import type { CallDef } from "../../../src/contract/call"
import { NOBODY } from "../../auth/principal"
import { randomToken, sha256 } from "../../auth/password"
import { handle, type HttpRoutes } from "../../core/registry"
import { accessTokens, loginSessions, users } from "../../db/schema/identity"
import { type Ctx, userOf } from "../../http/context"
import { badRequest, unauthorized } from "../../http/errors"
import { sessionUserOf, startSession } from "./login"

const ACCESS_TOKEN_TTL_MS = 5 * 60_000
const TOKEN_HEADER = "access-token"

const invalid = () => unauthorized("TOKEN_INVALID", "Invalid access_token")

/** Consumes the token and starts a session, in one transaction of its own (the GET writes too). */
const loginWithToken = (ctx: Omit<Ctx, "db">, token: string) =>
  ctx.services.database.transaction(async (db) => {
    const now = new Date()
    const [row] = await db
      .select({ token: accessTokens, sessionEnded: loginSessions.endedAt })
      .from(accessTokens)
      .leftJoin(loginSessions, eq(loginSessions.id, accessTokens.loginId))
      .where(eq(accessTokens.tokenHash, sha256(token)))
      .limit(1)
    if (!row || row.token.usedAt) throw invalid()
    if (row.token.expiresAt.getTime() <= now.getTime()) throw unauthorized("TOKEN_EXPIRED", "access_token expired")
    // The minting session must still be open (a token of no session is refused).
    if (row.token.loginId === null || row.sessionEnded !== null) throw invalid()
    const used = await db
      .update(accessTokens)
      .set({ usedAt: now })
      .where(and(eq(accessTokens.id, row.token.id), isNull(accessTokens.usedAt), gt(accessTokens.expiresAt, now)))
      .returning({ id: accessTokens.id })
    if (used.length === 0) throw invalid()
    const [user] = await db.select().from(users).where(eq(users.id, row.token.userId))
    if (user?.status !== "active") throw invalid()
    return startSession({ ...ctx, db }, user)
  })

export const handlers = [
  handle("auth", "auth", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    if (ctx.principal.loginId === null) throw unauthorized("UNAUTHENTICATED", "A login session is required")
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId))
    const token = randomToken()
    await ctx.db.insert(accessTokens).values({
      userId,
      loginId: ctx.principal.loginId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_MS),
    })
    return {
      data: {
        user: await sessionUserOf(ctx.db, user),
        user_data: { id: userId, client_id: clientId },
        access_token: token,
        expires_in: ACCESS_TOKEN_TTL_MS / 1000,
      },
    }
  }),

  handle("auth", "authAccessToken", (ctx, input) => loginWithToken(ctx, input.access_token)),
]

const call = catalogue.auth.calls.authAccessToken as CallDef
const decodeBody = Schema.decodeUnknownOption(AccessTokenRequest)

/** The token from the `access-token` header, else the JSON body; a 400 naming the field when neither holds one. */
const presentedToken = (req: FastifyRequest): string => {
  const fromHeader = req.headers[TOKEN_HEADER]
  if (typeof fromHeader === "string" && fromHeader.length > 0 && fromHeader.length <= 200) return fromHeader
  const body = decodeBody(req.body ?? {})
  if (body._tag === "Some") return body.value.access_token
  throw badRequest("Send the access token in the access-token header or as access_token in a JSON body", "access_token")
}

/** POST beside the spec's GET, on the same path, with a per-address budget of its own as large as the credential calls'. */
const tokenLoginRoute: HttpRoutes = (app, services) => {
  app.post(`${services.config.apiBase}${call.path}`, {
    config: { rateLimit: { max: services.config.credentialRatePerMinute, timeWindow: 60_000 } },
    handler: async (req) =>
      loginWithToken(
        {
          services,
          principal: NOBODY,
          call,
          ip: req.ip,
          userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : "",
          origin: "",
        },
        presentedToken(req),
      ),
  })
}

export const httpRoutes = [tokenLoginRoute]
