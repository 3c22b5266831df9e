/**
 * The fake Meta's console, for people and tests (dev hooks: a tenant admin, or the per-start key; dev/access.ts):
 * what Meta's app dashboard and its customers' phones do.
 *
 *   POST /dev/meta/numbers   { phone_number_id, display_number, verified_name?, waba_id?, access_token, app_secret,
 *                              callback_url?, verify_token? }: a WhatsApp number (again: changes it); a callback URL
 *                              is kept only after Meta's GET handshake with it answered the challenge
 *   POST /dev/meta/logins    { user_id, name, access_token, app_secret, callback_url?, verify_token?,
 *                              pages: [{ id, name, access_token, instagram?: { id, username } }] }: a Facebook login;
 *                              with `instagram_login: true, username` instead of pages: an Instagram account's own login
 *                              (Business Login for Instagram, `user_id` its id), answered at /dev/instagram-graph
 *   POST /dev/meta/customer-writes { phone_number_id, from, name?, text? | message? }: a signed message webhook
 *                              -> { data: { id (the wamid), status (our webhook's answer) } }
 *   POST /dev/meta/page-writes { page_id, from, text | attachment: { type, mime_type, data_base64 }, profile? }: a
 *                              Messenger (or Instagram) message webhook; an attachment is served at GET
 *                              /dev/meta/page-media/:id (`attachment.fail`: its first reads answer 500); `profile`
 *                              ({ first_name, last_name } or { name, username }) is what Meta's User Profile API answers
 *   POST /dev/meta/media     { phone_number_id, mime_type, data_base64 }: a customer's phone uploads a file
 *                              -> { data: { id, sha256, size } } to put in a customer-writes message
 *   POST /dev/meta/fail-next { id, code, subcode?, message? }: the next send from that number or page fails with Meta's code
 *                              (a media id: the next `GET /{media-id}` fails)
 *   POST /dev/meta/read      { id }: the customer read that WhatsApp message (a signed `read` status)
 *   GET  /dev/meta/sent?id=  what a number or page of the caller's tenant sent
 *   GET  /dev/meta/actions?id=  its read marks, typing indicators and sender actions
 * WhatsApp users calling the numbers (`/dev/meta/calls*`): call-routes.ts; the other webhook kinds: kind-routes.ts.
 */
import { randomBytes } from "node:crypto"
import type { FastifyRequest } from "fastify"
import type { HttpRoutes } from "../../core/registry"
import { badRequest, notFound } from "../../http/errors"
import { devCallerOf, devMaySee, devTenantOf } from "../access"
import { type Body, bodyOf } from "../body"
import { fakeMetaOf } from "./fake-meta-of"
import { profileOf } from "./fake-meta-people"
import { digits, text, url } from "./fields"
import { metaKindRoutes } from "./kind-routes"

export const metaConsoleRoutes: HttpRoutes = (app, services) => {
  const meta = () => fakeMetaOf(services)
  metaKindRoutes(app, services)

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
    const common = {
      ownerClientId: devTenantOf(caller, body.clientId),
      userId: digits(body, "user_id"),
      name: text(body, "name", 200),
      token,
      appSecret: text(body, "app_secret", 128),
      callbackUrl,
    }
    if (body.instagram_login === true) {
      // Business Login for Instagram: the login is the Instagram account itself (`user_id` its id), with no page.
      const username = text(body, "username", 100)
      const account = {
        id: "",
        name: username,
        token,
        instagram: { id: common.userId, username },
        subscribed: before?.pages[0]?.subscribed ?? false,
      }
      meta().logins.set(token, { ...common, kind: "instagram_login", pages: [account] })
      return { data: { ok: true } }
    }
    meta().logins.set(token, {
      ...common,
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
    const profile = profileOf(body.profile)
    const written =
      body.attachment === undefined
        ? meta().pageCustomerPayload(id, digits(body, "from"), text(body, "text", 2000), undefined, profile)
        : meta().pageCustomerPayload(id, digits(body, "from"), "", pageAttachment(bodyOf(body.attachment)), profile)
    return { data: { id: written.id, status: await meta().post(login, written.payload) } }
  })

  /** A customer's attachment put on the fake CDN; `fail` first reads of it answer 500. */
  const pageAttachment = (attachment: Body) => {
    const mediaId = meta().files.addPageMedia(
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
    return { data: meta().files.addMedia(number.phoneNumberId, text(body, "mime_type", 200), Buffer.from(data, "base64")) }
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
}
