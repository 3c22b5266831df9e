/**
 * The fake Meta's graph.instagram.com, the host of accounts connected through Instagram Login (GRAPH_BASE_URL=self
 * points the adapters at /dev/instagram-graph): it takes only Instagram Login tokens, as Meta does.
 *
 *   GET  /dev/instagram-graph/:version/me                 the account: `user_id` (its id in webhooks), username, name
 *   GET  /dev/instagram-graph/:version/:igsid?fields=     a customer's profile (name, username, profile_pic)
 *   POST /dev/instagram-graph/:version/:igId/messages     a send (or sender action) from the account
 *   POST|DELETE /dev/instagram-graph/:version/me/subscribed_apps   the account's webhook subscription
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { bodyOf } from "../body"
import type { FakeMeta } from "./fake-meta"
import type { GraphAnswer } from "./fake-meta-model"

const tokenOf = (req: FastifyRequest) => String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "")
const answer = (reply: FastifyReply, graph: GraphAnswer) => reply.status(graph.status).send(graph.body)

export const instagramGraphRoutes = (app: FastifyInstance, meta: () => FakeMeta) => {
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
