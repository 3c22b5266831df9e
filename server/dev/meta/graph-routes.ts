/**
 * The fake Meta's Graph API (development servers: set GRAPH_BASE_URL=self and the adapters talk to it), answering the
 * bearer tokens of the numbers and logins registered through its console (console-routes.ts):
 *
 *   GET  /dev/graph/:version/:phoneNumberId        the number (verified name, display number), or Meta's error
 *   GET  /dev/graph/:version/:mediaId              a customer's file: its URL (/dev/meta/media/:id/bytes), type, sha256, size
 *   GET  /dev/graph/:version/me[/accounts]         a login's user, its pages with their tokens and Instagram accounts
 *   GET  /dev/graph/:version/:customerId?fields=   a Messenger / Instagram customer's profile (User Profile API)
 *   GET  /dev/graph/:version/:wabaId/message_templates   the account's templates, paged
 *   POST /dev/graph/:version/:id/messages          records the send, answers Meta's ids; statuses follow as signed webhooks
 *   POST|DELETE /dev/graph/:version/:pageId/subscribed_apps
 *   POST /dev/graph/:version/:phoneNumberId/calls  a call's action (pre_accept / accept with the SDP answer, reject, terminate)
 *   GET  /dev/meta/media/:id/bytes                 a customer's WhatsApp file, with the number's bearer token
 *   GET  /dev/meta/page-media/:id                  a Messenger / Instagram customer's attachment on the fake CDN
 * graph.instagram.com (Instagram Login's host) is instagram-graph-routes.ts.
 */
import type { FastifyReply, FastifyRequest } from "fastify"
import type { HttpRoutes } from "../../core/registry"
import { bodyOf } from "../body"
import type { GraphAnswer } from "./fake-meta-model"
import { fakeMetaOf, startedFakeMetaOf } from "./fake-meta-of"
import { instagramGraphRoutes } from "./instagram-graph-routes"

const tokenOf = (req: FastifyRequest) => String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "")
const answer = (reply: FastifyReply, graph: GraphAnswer) => reply.status(graph.status).send(graph.body)

export const graphRoutes: HttpRoutes = (app, services) => {
  app.addHook("onClose", async () => startedFakeMetaOf(services)?.close())
  const meta = () => fakeMetaOf(services)
  instagramGraphRoutes(app, meta)

  app.get<{ Params: { version: string; id: string }; Querystring: { fields?: string } }>("/dev/graph/:version/:id", async (req, reply) =>
    answer(
      reply,
      meta().files.media.has(req.params.id)
        ? meta().files.mediaInfo(req.params.id, tokenOf(req), `${services.config.publicUrl()}/dev/meta/media/${req.params.id}/bytes`)
        : meta().get(req.params.id, tokenOf(req), "facebook", req.query.fields ?? ""),
    ),
  )
  app.get<{ Params: { id: string } }>("/dev/meta/media/:id/bytes", async (req, reply) => {
    const media = meta().files.mediaBytes(req.params.id, tokenOf(req))
    if ("status" in media) return answer(reply, media)
    return reply.header("content-type", media.mime).send(media.bytes)
  })
  app.get<{ Params: { id: string } }>("/dev/meta/page-media/:id", async (req, reply) => {
    const media = meta().files.pageMediaBytes(req.params.id)
    if ("status" in media) return answer(reply, media)
    return reply.header("content-type", media.mime).send(media.bytes)
  })
  app.get<{ Params: { version: string } }>("/dev/graph/:version/me/accounts", async (req, reply) =>
    answer(reply, meta().get("me/accounts", tokenOf(req))),
  )
  app.get<{ Params: { version: string; id: string }; Querystring: { after?: string; limit?: string } }>(
    "/dev/graph/:version/:id/message_templates",
    async (req, reply) => answer(reply, meta().messageTemplates(req.params.id, tokenOf(req), req.query.after, Number(req.query.limit))),
  )
  app.post<{ Params: { version: string; id: string } }>("/dev/graph/:version/:id/messages", async (req, reply) =>
    answer(reply, meta().send(req.params.id, tokenOf(req), bodyOf(req.body))),
  )
  app.post<{ Params: { version: string; id: string } }>("/dev/graph/:version/:id/subscribed_apps", async (req, reply) =>
    answer(reply, meta().subscription(req.params.id, tokenOf(req), true)),
  )
  app.post<{ Params: { version: string; id: string } }>("/dev/graph/:version/:id/calls", async (req, reply) => {
    const number = meta().numbers.get(req.params.id)
    if (!number || number.token !== tokenOf(req)) return answer(reply, meta().get(req.params.id, tokenOf(req)))
    return answer(reply, await meta().calls.act(number, bodyOf(req.body)))
  })
  app.delete<{ Params: { version: string; id: string } }>("/dev/graph/:version/:id/subscribed_apps", async (req, reply) =>
    answer(reply, meta().subscription(req.params.id, tokenOf(req), false)),
  )
}
