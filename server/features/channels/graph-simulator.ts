/**
 * Meta on development servers (off when NODE_ENV=production; channels/meta/fake-meta.ts). Set GRAPH_BASE_URL=self and
 * the adapters talk to it. Its Graph API (bearer tokens of the numbers and logins registered here):
 *
 *   GET  /dev/graph/:version/:phoneNumberId        the number (verified name, display number), or Meta's error
 *   GET  /dev/graph/:version/:mediaId              a customer's file: its URL (/dev/meta/media/:id/bytes), type, sha256, size
 *   GET  /dev/graph/:version/me[/accounts]         a login's user, its pages with their tokens and Instagram accounts
 *   POST /dev/graph/:version/:id/messages          records the send, answers Meta's ids; statuses follow as signed webhooks
 *   POST|DELETE /dev/graph/:version/:pageId/subscribed_apps
 *   POST /dev/graph/:version/:phoneNumberId/calls  a call's action (pre_accept / accept with the SDP answer, reject, terminate)
 *
 * Its console, for people and tests (dev hooks: a tenant admin, or the per-start key; http/dev-access.ts):
 *
 *   POST /dev/meta/numbers   { phone_number_id, display_number, verified_name?, waba_id?, access_token, app_secret,
 *                              callback_url?, verify_token? }: a WhatsApp number (again: changes it); a callback URL
 *                              is kept only after Meta's GET handshake with it answered the challenge
 *   POST /dev/meta/logins    { user_id, name, access_token, app_secret, callback_url?, verify_token?,
 *                              pages: [{ id, name, access_token, instagram?: { id, username } }] }
 *   POST /dev/meta/customer-writes { phone_number_id, from, name?, text? | message? }: a signed message webhook
 *                              -> { data: { id (the wamid), status (our webhook's answer) } }
 *   POST /dev/meta/page-writes { page_id, from, text | attachment: { type, mime_type, data_base64 } }: a Messenger (or
 *                              Instagram) message webhook; an attachment is served at GET /dev/meta/page-media/:id
 *                              (`attachment.fail`: its first reads answer 500)
 *   POST /dev/meta/media     { phone_number_id, mime_type, data_base64 }: a customer's phone uploads a file
 *                              -> { data: { id, sha256, size } } to put in a customer-writes message
 *   GET  /dev/meta/media/:id/bytes   the file, with the number's bearer token
 *   POST /dev/meta/fail-next { id, code, subcode?, message? }: the next send from that number or page fails with Meta's code
 *                              (a media id: the next `GET /{media-id}` fails)
 *   POST /dev/meta/read      { id }: the customer read that WhatsApp message (a signed `read` status)
 *   GET  /dev/meta/sent?id=  what a number or page of the caller's tenant sent
 *   GET  /dev/meta/actions?id=  its read marks, typing indicators and sender actions
 * WhatsApp users calling the numbers (`/dev/meta/calls*`): fake-call-routes.ts.
 */
import { randomBytes } from "node:crypto"
import type { FastifyReply, FastifyRequest } from "fastify"
import { type FakeApp, FakeMeta, type GraphAnswer } from "../../channels/meta/fake-meta"
import type { Services } from "../../http/context"
import { devCallerOf, devMaySee, devTenantOf } from "../../http/dev-access"
import { ApiError, badRequest, notFound } from "../../http/errors"
import { blockedError } from "../chat/chat-store"
import type { HttpRoutes } from "../registry"

const fakes = new WeakMap<Services, FakeMeta>()
export const fakeMetaOf = (services: Services): FakeMeta => {
  let fake = fakes.get(services)
  if (!fake) {
    fake = new FakeMeta()
    fakes.set(services, fake)
  }
  return fake
}

type Body = Record<string, unknown>
export const bodyOf = (raw: unknown): Body => (raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Body) : {})
const text = (body: Body, field: string, max = 2048) => {
  const v = body[field]
  if (typeof v !== "string" || v.length === 0 || v.length > max) throw badRequest(`${field} must be text of 1 to ${max} characters`, field)
  return v
}
export const digits = (body: Body, field: string) => {
  const v = text(body, field, 32)
  if (!/^[0-9]+$/.test(v)) throw badRequest(`${field} must be digits`, field)
  return v
}
const url = (body: Body, field: string) => {
  const v = text(body, field)
  if (!/^https?:\/\//.test(v)) throw badRequest(`${field} must be an http(s) URL`, field)
  return v
}

const tokenOf = (req: FastifyRequest) => String(req.headers.authorization ?? "").replace(/^Bearer\s+/i, "")
const answer = (reply: FastifyReply, graph: GraphAnswer) => reply.status(graph.status).send(graph.body)

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    app.addHook("onClose", async () => fakes.get(services)?.close())
    if (!services.config.dev) return
    const meta = () => fakeMetaOf(services)

    // ---- the Graph API -------------------------------------------------------------------------------------------
    app.get<{ Params: { version: string; id: string } }>("/dev/graph/:version/:id", async (req, reply) =>
      answer(
        reply,
        meta().media.has(req.params.id)
          ? meta().mediaInfo(req.params.id, tokenOf(req), `${services.config.publicUrl()}/dev/meta/media/${req.params.id}/bytes`)
          : meta().get(req.params.id, tokenOf(req)),
      ),
    )
    app.get<{ Params: { id: string } }>("/dev/meta/media/:id/bytes", async (req, reply) => {
      const media = meta().mediaBytes(req.params.id, tokenOf(req))
      if ("status" in media) return answer(reply, media)
      return reply.header("content-type", media.mime).send(media.bytes)
    })
    app.get<{ Params: { id: string } }>("/dev/meta/page-media/:id", async (req, reply) => {
      const media = meta().pageMediaBytes(req.params.id)
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

    // ---- Meta's console, for people and tests --------------------------------------------------------------------
    app.post("/dev/meta/numbers", async (req) => {
      const caller = await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const phoneNumberId = digits(body, "phone_number_id")
      const before = meta().numbers.get(phoneNumberId)
      if (before && !devMaySee(caller, before.ownerClientId)) throw notFound("Simulated WhatsApp number")
      // Like Meta's app dashboard: the callback URL is set (and verified) when given, else kept.
      const callbackUrl = body.callback_url === undefined ? (before?.callbackUrl ?? "") : url(body, "callback_url")
      if (body.callback_url !== undefined && !(await meta().verify(callbackUrl, text(body, "verify_token", 200))))
        throw badRequest("The callback URL did not answer Meta's verification with this verify token", "verify_token")
      meta().numbers.set(phoneNumberId, {
        ownerClientId: devTenantOf(caller, body.clientId),
        phoneNumberId,
        wabaId: typeof body.waba_id === "string" ? body.waba_id : (before?.wabaId ?? String(randomBytes(6).readUIntBE(0, 6))),
        displayNumber: body.display_number === undefined && before ? before.displayNumber : text(body, "display_number", 32),
        verifiedName: typeof body.verified_name === "string" ? body.verified_name : (before?.verifiedName ?? "Simulated business"),
        token: body.access_token === undefined && before ? before.token : text(body, "access_token"),
        appSecret: body.app_secret === undefined && before ? before.appSecret : text(body, "app_secret", 128),
        callbackUrl,
      })
      return { data: { ok: true } }
    })

    // A business account's templates as Meta's WhatsApp Manager holds them (replaced as a whole).
    app.post("/dev/meta/templates", async (req) => {
      const caller = await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const wabaId = digits(body, "waba_id")
      const number = [...meta().numbers.values()].find((n) => n.wabaId === wabaId)
      if (!number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp business account")
      if (!Array.isArray(body.templates)) throw badRequest("templates must be a list", "templates")
      meta().templates.set(wabaId, body.templates as Record<string, unknown>[])
      return { data: { ok: true } }
    })

    app.post("/dev/meta/logins", async (req) => {
      const caller = await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const before = meta().logins.get(text(body, "access_token"))
      if (before && !devMaySee(caller, before.ownerClientId)) throw notFound("Simulated login")
      const callbackUrl = body.callback_url === undefined ? (before?.callbackUrl ?? "") : url(body, "callback_url")
      if (body.callback_url !== undefined && !(await meta().verify(callbackUrl, text(body, "verify_token", 200))))
        throw badRequest("The callback URL did not answer Meta's verification with this verify token", "verify_token")
      const pages = Array.isArray(body.pages) ? body.pages.map(bodyOf) : []
      const token = text(body, "access_token")
      meta().logins.set(token, {
        ownerClientId: devTenantOf(caller, body.clientId),
        userId: digits(body, "user_id"),
        name: text(body, "name", 200),
        token,
        appSecret: text(body, "app_secret", 128),
        callbackUrl,
        pages: pages.map((p) => {
          const ig = bodyOf(p.instagram)
          return {
            id: digits(p, "id"),
            name: text(p, "name", 200),
            token: text(p, "access_token"),
            instagram: typeof ig.id === "string" ? { id: digits(ig, "id"), username: text(ig, "username", 100) } : null,
            subscribed: false,
          }
        }),
      })
      return { data: { ok: true } }
    })

    app.post("/dev/meta/customer-writes", async (req) => {
      const caller = await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const number = meta().numbers.get(digits(body, "phone_number_id"))
      if (!number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp number")
      const message = body.message !== undefined ? bodyOf(body.message) : { type: "text", text: { body: text(body, "text", 4096) } }
      const { id, payload } = meta().customerPayload(
        number,
        digits(body, "from"),
        typeof body.name === "string" ? body.name : undefined,
        message,
      )
      return { data: { id, status: await meta().post(number, payload) } }
    })

    app.post("/dev/meta/page-writes", async (req) => {
      const caller = await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const id = digits(body, "page_id")
      const login = meta().loginOfPage(id)
      if (!login || !devMaySee(caller, login.ownerClientId)) throw notFound("Simulated page")
      const written =
        body.attachment === undefined
          ? meta().pageCustomerPayload(id, digits(body, "from"), text(body, "text", 2000))
          : meta().pageCustomerPayload(id, digits(body, "from"), "", pageAttachment(bodyOf(body.attachment)))
      return { data: { id: written.id, status: await meta().post(login, written.payload) } }
    })

    /** A customer's attachment put on the fake CDN; `fail` first reads of it answer 500. */
    const pageAttachment = (attachment: Body) => {
      const mediaId = meta().addPageMedia(
        text(attachment, "mime_type", 200),
        Buffer.from(text(attachment, "data_base64", 50 * 1024 * 1024), "base64"),
      )
      const fail = Number(attachment.fail ?? 0)
      if (fail > 0)
        meta().failNext.set(
          mediaId,
          Array.from({ length: Math.min(fail, 10) }, () => ({ code: 2, message: "CDN busy" })),
        )
      return { type: text(attachment, "type", 20), url: `${services.config.publicUrl()}/dev/meta/page-media/${mediaId}` }
    }

    app.post("/dev/meta/media", async (req) => {
      const caller = await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const number = meta().numbers.get(digits(body, "phone_number_id"))
      if (!number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp number")
      const data = text(body, "data_base64", 150 * 1024 * 1024)
      return { data: meta().addMedia(number.phoneNumberId, text(body, "mime_type", 200), Buffer.from(data, "base64")) }
    })

    app.post("/dev/meta/fail-next", async (req) => {
      await devCallerOf(services, req)
      const body = bodyOf(req.body)
      const code = Number(body.code)
      if (!Number.isInteger(code) || code <= 0) throw badRequest("code must be a Meta error code", "code")
      const id = digits(body, "id")
      const queue = meta().failNext.get(id) ?? []
      const subcode = Number(body.subcode)
      queue.push({
        code,
        message: typeof body.message === "string" ? body.message : `Simulated error ${code}`,
        ...(Number.isInteger(subcode) && subcode > 0 ? { subcode } : {}),
      })
      meta().failNext.set(id, queue)
      return { data: { ok: true } }
    })

    app.post("/dev/meta/read", async (req) => {
      await devCallerOf(services, req)
      const status = await meta().read(text(bodyOf(req.body), "id", 200))
      if (status === null) throw notFound("Message sent through the simulated Graph API")
      return { data: { status } }
    })

    /** The number or page `id`, when the caller may see it. */
    const ownId = async (req: FastifyRequest<{ Querystring: { id?: string } }>) => {
      const caller = await devCallerOf(services, req)
      const id = String(req.query.id ?? "")
      const owner = meta().numbers.get(id)?.ownerClientId ?? meta().loginOfPage(id)?.ownerClientId
      if (owner === undefined || !devMaySee(caller, owner)) throw notFound("Simulated number or page")
      return id
    }
    app.get<{ Querystring: { id?: string } }>("/dev/meta/sent", async (req) => {
      const id = await ownId(req)
      return { data: { items: meta().sent.filter((s) => s.from === id) } }
    })
    app.get<{ Querystring: { id?: string } }>("/dev/meta/actions", async (req) => {
      const id = await ownId(req)
      return { data: { items: meta().actions.filter((a) => a.from === id) } }
    })
  },
]

const PAGE_MEDIA = new Set(["image", "video", "audio", "document"])
const MiB = 1024 * 1024

/** The file behind the simulator page's media link (one of our uploads, or any URL): what the customer's phone uploads. */
const fileOf = async (services: Services, link: string) => {
  const url = /^https?:\/\//.test(link) ? link : `${services.config.publicUrl()}${link}`
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  } catch {
    throw badRequest("The media link could not be read", "link")
  }
  const bytes = Buffer.from(await response.arrayBuffer())
  if (!response.ok || bytes.length === 0 || bytes.length > 100 * MiB) throw badRequest(`The media link answered ${response.status}`, "link")
  return { bytes, mime: (response.headers.get("content-type") ?? "application/octet-stream").split(";")[0].trim() }
}

/**
 * The simulator page's "customer writes" for a tenant whose channel is connected to the fake Meta: the message goes
 * in as Meta would send it (a signed webhook, through the production adapter and the job queue) and the answer waits
 * for it to be stored. A photo, video, audio or document is first uploaded to the fake Meta from its link, so the
 * webhook names a media id and the server fetches the file as from Meta (media-jobs.ts). A Messenger or Instagram
 * customer's text goes to the tenant's subscribed page or account as a signed `page` / `instagram` webhook. Null when
 * the channel is not connected to the fake Meta (the built-in simulator takes it).
 */
export const customerWritesViaMeta = async (
  services: Services,
  input: {
    clientId: number
    channel: string
    number: string
    name?: string
    type: string
    text?: string
    link?: string
    filename?: string
  },
): Promise<{ conversationId: number; messageId: number } | null> => {
  const fake = fakes.get(services)
  if (!services.config.dev || !fake) return null
  if (input.channel === "facebook" || input.channel === "instagram") return pageCustomerWrites(services, fake, input)
  if (input.channel !== "whatsapp") return null
  if (input.type === "text" ? !input.text : !(PAGE_MEDIA.has(input.type) && input.link)) return null
  const [account] = (
    await services.database.query(
      "SELECT external_id FROM channel_accounts WHERE client_id = $1 AND channel = 'whatsapp' AND status = 'active' AND secrets <> '' ORDER BY id DESC LIMIT 1",
      [input.clientId],
    )
  ).rows
  const number = account ? fake.numbers.get(String(account.external_id)) : undefined
  if (!number?.callbackUrl) return null
  await refuseBlocked(services, input.clientId, "whatsapp", input.number)
  let message: Record<string, unknown> = { type: "text", text: { body: input.text } }
  if (input.type !== "text" && input.link) {
    const file = await fileOf(services, input.link)
    const media = fake.addMedia(number.phoneNumberId, file.mime, file.bytes)
    message = {
      type: input.type,
      [input.type]: {
        id: media.id,
        mime_type: file.mime,
        sha256: media.sha256,
        ...(input.text && input.type !== "audio" ? { caption: input.text } : {}),
        ...(input.type === "document" ? { filename: input.filename || input.link.split("?")[0].split("/").pop() } : {}),
      },
    }
  }
  const { id, payload } = fake.customerPayload(number, input.number.replace(/[^0-9]/g, ""), input.name, message)
  return postAndWait(services, fake, input.clientId, number, payload, id)
}

const refuseBlocked = async (services: Services, clientId: number, channel: string, number: string) => {
  const [contact] = (
    await services.database.query("SELECT blocked FROM contacts WHERE client_id = $1 AND channel = $2 AND number = $3", [
      clientId,
      channel,
      number,
    ])
  ).rows
  if (contact?.blocked) throw blockedError()
}

/** A Messenger / Instagram customer's text, when the tenant's page or account for it is connected to the fake Meta. */
const pageCustomerWrites = async (
  services: Services,
  fake: FakeMeta,
  input: { clientId: number; channel: string; number: string; type: string; text?: string },
) => {
  if (input.type !== "text" || !input.text || !/^[0-9]{1,32}$/.test(input.number)) return null
  const accounts = (
    await services.database.query(
      "SELECT external_id FROM channel_accounts WHERE client_id = $1 AND channel = $2 AND status = 'active' ORDER BY id DESC",
      [input.clientId, input.channel],
    )
  ).rows
  for (const account of accounts) {
    const login = fake.loginOfPage(String(account.external_id))
    if (!login?.callbackUrl) continue
    await refuseBlocked(services, input.clientId, input.channel, input.number)
    const { id, payload } = fake.pageCustomerPayload(String(account.external_id), input.number, input.text)
    return postAndWait(services, fake, input.clientId, login, payload, id)
  }
  return null
}

/** Posts the signed webhook and answers once the job stored the message `id`. */
const postAndWait = async (services: Services, fake: FakeMeta, clientId: number, app: FakeApp, payload: unknown, id: string) => {
  const status = await fake.post(app, payload)
  if (status !== 200) throw new ApiError(502, "WEBHOOK_REFUSED", `Our webhook answered the simulated Meta with ${status}`)
  const until = Date.now() + 5000
  while (Date.now() < until) {
    const [stored] = (
      await services.database.query("SELECT id, conversation_id FROM messages WHERE client_id = $1 AND external_id = $2", [clientId, id])
    ).rows
    if (stored) return { conversationId: Number(stored.conversation_id), messageId: Number(stored.id) }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new ApiError(504, "NOT_STORED", "The simulated Meta's webhook was accepted but the message was not stored within 5 s")
}
