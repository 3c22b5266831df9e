/**
 * The fake Meta's other webhook kinds a real account sends (development servers; login-protected like every /dev hook):
 *   POST /dev/meta/business-app-sends { phone_number_id, to, text }: the business wrote `to` from the WhatsApp Business
 *                              app on a coexistence number (an `smb_message_echoes` webhook) -> { data: { id, status } }
 *   POST /dev/meta/number-changes { phone_number_id, from, to }: the customer changed their number (a `system` message)
 *   POST /dev/meta/unsupported-messages { phone_number_id, from }: the customer sent a kind the Cloud API does not
 *                              deliver (type `unsupported` with error 131051, as Meta posts it) -> { data: { id, status } }
 *   POST /dev/meta/page-events { page_id, customer, kind, text?, url?, mid?, emoji?, standby? }: one Messenger or
 *                              Instagram event: `echo` (the page wrote the customer), `share`, `reel`, `story_mention`,
 *                              `story_reply`, `unsupported` (the customer's), `reaction` (to `mid`, no emoji: taken
 *                              back), `read` (up to `mid`); `standby`: delivered while another app owns the thread
 */
import { randomBytes, randomUUID } from "node:crypto"
import type { FastifyInstance, FastifyRequest } from "fastify"
import { badRequest, notFound } from "../../http/errors"
import type { Services } from "../../http/context"
import { devCallerOf, devMaySee } from "../access"
import { type Body, bodyOf } from "../body"
import { fakeMetaOf } from "./fake-meta-of"
import { digits, text, url } from "./fields"
import { businessAppEchoPayload, instagramKindMessage, numberChangePayload, pageEvent, unsupportedMessage } from "./webhook-payloads"

const INSTAGRAM_KINDS = new Set(["share", "reel", "story_mention", "story_reply", "unsupported"])
const PAGE_KINDS = new Set([...INSTAGRAM_KINDS, "echo", "reaction", "read"])

const wamid = () => `wamid.${randomBytes(24).toString("base64url")}`

/** The `messaging` event of `kind` between page `id` and `customer`. */
const pageMessaging = (id: string, customer: string, kind: string, mid: string, body: Body) => {
  const words = typeof body.text === "string" ? body.text.slice(0, 2000) : ""
  if (kind === "echo")
    return { sender: { id }, recipient: { id: customer }, message: { mid, is_echo: true, text: text(body, "text", 2000) } }
  if (kind === "reaction") {
    const emoji = typeof body.emoji === "string" && body.emoji ? body.emoji : null
    return {
      sender: { id: customer },
      recipient: { id },
      reaction: { mid: text(body, "mid", 200), action: emoji ? "react" : "unreact", ...(emoji ? { reaction: "other", emoji } : {}) },
    }
  }
  if (kind === "read") return { sender: { id: customer }, recipient: { id }, read: { mid: text(body, "mid", 200) } }
  const link = kind === "unsupported" ? "" : url(body, "url")
  return { sender: { id: customer }, recipient: { id }, message: instagramKindMessage(kind, mid, link, words) }
}

export const metaKindRoutes = (app: FastifyInstance, services: Services) => {
  const meta = () => fakeMetaOf(services)
  const numberOf = async (req: FastifyRequest, body: Body) => {
    const caller = await devCallerOf(services, req)
    const number = meta().numbers.get(digits(body, "phone_number_id"))
    if (!number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp number")
    return number
  }

  app.post("/dev/meta/business-app-sends", async (req) => {
    const body = bodyOf(req.body)
    const number = await numberOf(req, body)
    const id = wamid()
    const payload = businessAppEchoPayload(number, id, digits(body, "to"), { type: "text", text: { body: text(body, "text", 4096) } })
    return { data: { id, status: await meta().post(number, payload) } }
  })

  app.post("/dev/meta/number-changes", async (req) => {
    const body = bodyOf(req.body)
    const number = await numberOf(req, body)
    const id = wamid()
    return { data: { id, status: await meta().post(number, numberChangePayload(number, id, digits(body, "from"), digits(body, "to"))) } }
  })

  app.post("/dev/meta/unsupported-messages", async (req) => {
    const body = bodyOf(req.body)
    const number = await numberOf(req, body)
    const { id, payload } = meta().customerPayload(number, digits(body, "from"), undefined, unsupportedMessage())
    return { data: { id, status: await meta().post(number, payload) } }
  })

  app.post("/dev/meta/page-events", async (req) => {
    const caller = await devCallerOf(services, req)
    const body = bodyOf(req.body)
    const id = digits(body, "page_id")
    const found = meta().pageOf(id)
    if (!found || !devMaySee(caller, found.login.ownerClientId)) throw notFound("Simulated page")
    const kind = text(body, "kind", 40)
    if (!PAGE_KINDS.has(kind)) throw badRequest(`kind must be one of ${[...PAGE_KINDS].join(", ")}`, "kind")
    const instagram = found.channel === "instagram"
    if (INSTAGRAM_KINDS.has(kind) && kind !== "unsupported" && !instagram) throw badRequest(`${kind} is an Instagram kind`, "kind")
    const mid = `m_${randomUUID().replace(/-/g, "")}`
    const customer = digits(body, "customer")
    if (kind !== "echo") meta().people.noteWrote(customer, id)
    const messaging = pageMessaging(id, customer, kind, mid, body)
    const status = await meta().post(found.login, pageEvent(instagram, id, messaging, body.standby === true))
    return { data: { id: mid, status } }
  })
}
