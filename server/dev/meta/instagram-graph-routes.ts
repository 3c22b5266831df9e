/**
 * The fake Meta's graph.instagram.com, the host of accounts connected through Instagram Login (GRAPH_BASE_URL=self
 * points the adapters at /dev/instagram-graph): it takes only Instagram Login tokens, as Meta does.
 *
 *   GET  /dev/instagram-graph/:version/me                 the account: `user_id` (its id in webhooks), username, name
 *   GET  /dev/instagram-graph/:version/:igsid?fields=     a customer's profile (name, username, profile_pic)
 *   POST /dev/instagram-graph/:version/:igId/messages     a send (or sender action) from the account
 *   POST|DELETE /dev/instagram-graph/:version/me/subscribed_apps   the account's webhook subscription
 *   GET  /dev/instagram-graph/refresh_access_token?grant_type=ig_refresh_token&access_token=   a new token for an
 *        Instagram Login's (60 days); the old one is refused from then on
 */
import { randomBytes } from "node:crypto"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { bodyOf } from "../body"
import type { FakeMeta } from "./fake-meta"
import { badToken, type GraphAnswer, metaError } from "./fake-meta-model"

const tokenOf = (req: FastifyRequest) => String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "")
const answer = (reply: FastifyReply, graph: GraphAnswer) => reply.status(graph.status).send(graph.body)

/** Meta's long-lived token lifetime, in seconds. */
const TOKEN_LIFETIME_S = 60 * 24 * 3600

const refreshToken = (meta: FakeMeta, grant: string | undefined, token: string): GraphAnswer => {
  if (grant !== "ig_refresh_token") return metaError(400, 100, "Unsupported grant_type")
  const login = meta.logins.get(token)
  if (login?.kind !== "instagram_login") return badToken()
  const next = `IGAA${randomBytes(24).toString("base64url")}`
  meta.logins.delete(token)
  meta.logins.set(next, { ...login, token: next, pages: login.pages.map((p) => (p.token === token ? { ...p, token: next } : p)) })
  return { status: 200, body: { access_token: next, token_type: "bearer", expires_in: TOKEN_LIFETIME_S } }
}

export const instagramGraphRoutes = (app: FastifyInstance, meta: () => FakeMeta) => {
  app.get<{ Querystring: { grant_type?: string; access_token?: string } }>(
    "/dev/instagram-graph/refresh_access_token",
    async (req, reply) => answer(reply, refreshToken(meta(), req.query.grant_type, req.query.access_token ?? "")),
  )
  app.get<{ Params: { version: string; id: string }; Querystring: { fields?: string } }>(
    "/dev/instagram-graph/:version/:id",
    async (req, reply) => answer(reply, meta().get(req.params.id, tokenOf(req), "instagram", req.query.fields ?? "")),
  )
  app.post<{ Params: { version: string; id: string } }>("/dev/instagram-graph/:version/:id/messages", async (req, reply) =>
    answer(reply, meta().send(req.params.id, tokenOf(req), bodyOf(req.body), "instagram")),
  )
  app.post<{ Params: { version: string; id: string } }>("/dev/instagram-graph/:version/:id/subscribed_apps", async (req, reply) =>
    answer(reply, meta().subscription(req.params.id, tokenOf(req), true, "instagram")),
  )
  app.delete<{ Params: { version: string; id: string } }>("/dev/instagram-graph/:version/:id/subscribed_apps", async (req, reply) =>
    answer(reply, meta().subscription(req.params.id, tokenOf(req), false, "instagram")),
  )
}
