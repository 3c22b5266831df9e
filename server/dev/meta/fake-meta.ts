/**
 * Meta as the development server plays it: a Graph API that knows the WhatsApp numbers and Facebook logins registered
 * with it, records what is sent, answers with Meta-shaped ids (`wamid.…`, `m_…`) and errors, and plays what Meta would
 * post back as SIGNED webhooks to the callback URL registered for the number or login, in Meta's format. The adapters
 * only know GRAPH_BASE_URL: pointed here (`self`), they run exactly as against Meta. In memory, per server.
 */
import { randomBytes, randomUUID } from "node:crypto"
import { signatureOf } from "../../channels/meta/signature"
import { FakeCalls } from "./fake-meta-calls"
import { FakeMetaFiles } from "./fake-meta-files"
import {
  badToken,
  type FakeAction,
  type FakeApp,
  type FakeLogin,
  type FakeNumber,
  type FakePage,
  type FakeSend,
  type GraphAnswer,
  type GraphHost,
  metaError,
  noObject,
  takesToken,
} from "./fake-meta-model"
import { FakePeople, type FakeProfile } from "./fake-meta-people"
import { recipientOf } from "./recipients"
import { customerMessagePayload, pageDeliveryPayload, pageMessagePayload, statusPayload } from "./webhook-payloads"

const deliverMs = () => Number(process.env.SIM_DELIVER_MS ?? 300)
const LIMIT = 500

export class FakeMeta {
  readonly numbers = new Map<string, FakeNumber>()
  readonly logins = new Map<string, FakeLogin>()
  readonly sent: FakeSend[] = []
  readonly actions: FakeAction[] = []
  /** The customers' WhatsApp messages by id (a read mark must name one the number received). */
  private readonly received = new Map<string, { phoneNumberId: string; from: string }>()
  /** Customers' files: WhatsApp media behind the numbers' tokens, Messenger / Instagram attachments on the CDN. */
  readonly files = new FakeMetaFiles(this.numbers, (id) => this.takeFailure(id))
  /** WhatsApp users calling the numbers (fake-meta-calls.ts). */
  readonly calls = new FakeCalls<FakeNumber>((number, payload) => this.post(number, payload))
  /** Message templates by WhatsApp Business Account id, as Meta lists them (name, language, status, category, components). */
  readonly templates = new Map<string, Record<string, unknown>[]>()
  /** Messenger and Instagram customers: whom they wrote to, their profiles (fake-meta-people.ts). */
  readonly people = new FakePeople()
  /** Meta error codes the next sends from an id answer with, in order. */
  readonly failNext = new Map<string, { code: number; message: string; subcode?: number }[]>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private closed = false

  /** Posts a payload the way Meta does: the exact bytes signed with the app secret. Answers our webhook's status. */
  async post(app: FakeApp, payload: unknown): Promise<number> {
    if (!app.callbackUrl) return 0
    // Meta escapes non-ASCII and "/" in its JSON: the receiver must hash these bytes, not a re-serialisation.
    const raw = JSON.stringify(payload)
      .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .replace(/\//g, "\\/")
    const response = await fetch(app.callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(app.appSecret, raw) },
      body: raw,
    })
    await response.arrayBuffer()
    return response.status
  }

  /** Meta's subscription handshake with the callback URL: it must echo the challenge. */
  async verify(callbackUrl: string, verifyToken: string): Promise<boolean> {
    const challenge = randomBytes(8).toString("hex")
    const url = new URL(callbackUrl)
    url.searchParams.set("hub.mode", "subscribe")
    url.searchParams.set("hub.verify_token", verifyToken)
    url.searchParams.set("hub.challenge", challenge)
    const response = await fetch(url)
    return response.ok && (await response.text()) === challenge
  }

  private later(fn: () => Promise<unknown>, ms = deliverMs()) {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.closed) fn().catch((error: unknown) => console.error("[fake meta] webhook failed", error))
    }, ms)
    this.timers.add(timer)
  }

  /** Page (or Instagram account) `id`, with its login and channel. */
  pageOf(id: string) {
    return this.page(id)
  }

  private page(id: string): { login: FakeLogin; page: FakePage; channel: "facebook" | "instagram" } | null {
    for (const login of this.logins.values())
      for (const page of login.pages) {
        if (page.id === id) return { login, page, channel: "facebook" }
        if (page.instagram?.id === id) return { login, page, channel: "instagram" }
      }
    return null
  }

  /** A customer's WhatsApp message (Meta's message object, e.g. `{ type: "text", text: { body } }`) to a number. */
  customerPayload(number: FakeNumber, from: string, name: string | undefined, message: Record<string, unknown>) {
    const id = `wamid.${randomBytes(24).toString("base64url")}`
    this.received.set(id, { phoneNumberId: number.phoneNumberId, from })
    if (this.received.size > LIMIT) this.received.delete(this.received.keys().next().value as string)
    return { id, payload: customerMessagePayload(number, id, from, name, message) }
  }

  /**
   * A Messenger (or Instagram) customer's text to a page (or Instagram account) `id` of `login`, or an attachment
   * (`{ type: "image" | "video" | "audio" | "file", url }`) with the text left out.
   */
  pageCustomerPayload(id: string, from: string, text: string, attachment?: { type: string; url: string }, profile?: FakeProfile | null) {
    const instagram = [...this.logins.values()].some((l) => l.pages.some((p) => p.instagram?.id === id))
    this.people.noteWrote(from, id, profile ?? null)
    const mid = `m_${randomUUID().replace(/-/g, "")}`
    return { id: mid, payload: pageMessagePayload(instagram, id, mid, from, text, attachment) }
  }

  /** The login that manages page (or Instagram account) `id`. */
  loginOfPage(id: string): FakeLogin | undefined {
    return [...this.logins.values()].find((l) => l.pages.some((p) => p.id === id || p.instagram?.id === id))
  }

  /** The next failure queued for `id` (fail-next), taken. */
  takeFailure(id: string) {
    const queue = this.failNext.get(id)
    const failure = queue?.shift()
    if (queue && queue.length === 0) this.failNext.delete(id)
    return failure
  }

  /** wamids by (number id, biz_opaque_callback_data): a repeated hand-over answers the first one's and sends nothing. */
  private readonly byKey = new Map<string, string>()

  private record(send: FakeSend) {
    this.sent.push(send)
    if (this.sent.length > LIMIT) this.sent.shift()
  }

  /** The page or Instagram account ids a token speaks for (a page's token, or an Instagram Login's), on `host`. */
  private accountsOfToken(token: string, host: GraphHost): string[] | null {
    for (const login of this.logins.values())
      for (const page of login.pages)
        if (page.token === token && takesToken(host, login)) return [page.id, page.instagram?.id ?? ""].filter(Boolean)
    return null
  }

  /** `GET /{version}/{path}` with a bearer token (`fields` for a customer's profile), at graph.facebook.com or graph.instagram.com. */
  get(path: string, token: string, host: GraphHost = "facebook", fields = ""): GraphAnswer {
    const [head, tail] = path.split("/")
    if (this.people.isCustomer(head)) {
      const accounts = this.accountsOfToken(token, host)
      if (!accounts) return badToken()
      const instagram = accounts.some((id) => this.page(id)?.channel === "instagram" && this.people.hasWritten(head, id))
      return this.people.profile(head, accounts, instagram, fields)
    }
    if (head === "me") {
      const login = this.logins.get(token)
      if (!login || !takesToken(host, login)) return badToken()
      if (login.kind === "instagram_login") {
        const account = login.pages[0]?.instagram
        return { status: 200, body: { id: `9${login.userId}`, user_id: account?.id, username: account?.username, name: login.name } }
      }
      if (tail === "accounts")
        return {
          status: 200,
          body: {
            data: login.pages.map((p) => ({
              id: p.id,
              name: p.name,
              access_token: p.token,
              picture: { data: { url: null } },
              ...(p.instagram ? { instagram_business_account: { id: p.instagram.id, username: p.instagram.username } } : {}),
            })),
          },
        }
      return { status: 200, body: { id: login.userId, name: login.name } }
    }
    const number = host === "facebook" ? this.numbers.get(head) : undefined
    if (!number) return noObject(head)
    if (number.token !== token) return badToken()
    return {
      status: 200,
      body: {
        id: number.phoneNumberId,
        display_phone_number: number.displayNumber,
        verified_name: number.verifiedName,
        quality_rating: "GREEN",
      },
    }
  }

  /** `GET /{version}/{waba-id}/message_templates`: the account's templates (set with /dev/meta/templates), paged. */
  messageTemplates(wabaId: string, token: string, after: string | undefined, limit: number): GraphAnswer {
    const number = [...this.numbers.values()].find((n) => n.wabaId === wabaId)
    if (!number) return noObject(wabaId)
    if (number.token !== token) return badToken()
    const all = this.templates.get(wabaId) ?? []
    const start = after ? Number(Buffer.from(after, "base64url").toString()) || 0 : 0
    const size = Math.min(Math.max(limit || 25, 1), 100)
    const data = all.slice(start, start + size)
    const end = start + data.length
    const cursor = (n: number) => Buffer.from(String(n)).toString("base64url")
    return {
      status: 200,
      body: {
        data,
        paging: {
          cursors: { before: cursor(start), after: cursor(end) },
          ...(end < all.length ? { next: `message_templates?after=${cursor(end)}&limit=${size}` } : {}),
        },
      },
    }
  }

  /**
   * `POST /{version}/{id}/messages`: a number's, a page's (to a Messenger customer, or to an Instagram customer of the
   * page's Instagram account, as Meta's Facebook Login documents), or an Instagram Login account's at graph.instagram.com.
   */
  send(id: string, token: string, body: Record<string, unknown>, host: GraphHost = "facebook"): GraphAnswer {
    const number = host === "facebook" ? this.numbers.get(id) : undefined
    const found = number ? null : this.page(id)
    if (!number && !found) return noObject(id)
    if ((number?.token ?? found?.page.token) !== token || (found && !takesToken(host, found.login))) return badToken()
    const failure = this.takeFailure(id)
    if (failure) return metaError(400, failure.code, failure.message, "OAuthException", failure.subcode)
    const at = new Date().toISOString()
    if (number && body.status === "read") return this.markRead(number, body, at)
    if (found && typeof body.sender_action === "string") return this.senderAction(id, body, at)
    if (number) {
      const address = recipientOf(body, (name) => this.isAuthenticationTemplate(number, name))
      if ("status" in address) return address
      const { to, contact } = address
      const key = typeof body.biz_opaque_callback_data === "string" ? `${id}|${body.biz_opaque_callback_data}` : null
      const repeated = key === null ? undefined : this.byKey.get(key)
      if (repeated) return { status: 200, body: { messaging_product: "whatsapp", contacts: [contact], messages: [{ id: repeated }] } }
      const wamid = `wamid.${randomBytes(24).toString("base64url")}`
      if (key !== null) {
        this.byKey.set(key, wamid)
        if (this.byKey.size > LIMIT) this.byKey.delete(this.byKey.keys().next().value as string)
      }
      this.record({ id: wamid, from: id, to, message: body, at })
      this.later(() =>
        this.post(
          number,
          statusPayload(number, [
            { id: wamid, status: "sent", to },
            { id: wamid, status: "delivered", to },
          ]),
        ),
      )
      return { status: 200, body: { messaging_product: "whatsapp", contacts: [contact], messages: [{ id: wamid }] } }
    }
    const { login, page } = found!
    const recipient = String((body.recipient as { id?: unknown } | undefined)?.id ?? "")
    const mid = `m_${randomUUID().replace(/-/g, "")}`
    this.record({ id: mid, from: id, to: recipient, message: body, at })
    // A page's send to a customer of its Instagram account is Instagram's: its delivery comes from that account.
    const instagram = found!.channel === "instagram" || (page.instagram !== null && this.people.hasWritten(recipient, page.instagram.id))
    const account = instagram && page.instagram ? page.instagram.id : page.id
    this.later(() => this.post(login, pageDeliveryPayload(instagram, account, account, recipient, mid)))
    return { status: 200, body: { recipient_id: recipient, message_id: mid } }
  }

  /** Whether `name` is one of the number's AUTHENTICATION templates (Meta refuses those to a BSUID: 131062). */
  private isAuthenticationTemplate(number: FakeNumber, name: string) {
    return (this.templates.get(number.wabaId) ?? []).some((t) => t.name === name && t.category === "AUTHENTICATION")
  }

  private recordAction(action: FakeAction) {
    this.actions.push(action)
    if (this.actions.length > LIMIT) this.actions.shift()
  }

  /** WhatsApp's read mark of a customer's message, with Meta's typing indicator when `typing_indicator` is given. */
  private markRead(number: FakeNumber, body: Record<string, unknown>, at: string): GraphAnswer {
    const messageId = String(body.message_id ?? "")
    const received = this.received.get(messageId)
    if (!received || received.phoneNumberId !== number.phoneNumberId) return metaError(400, 100, "Invalid parameter", "OAuthException")
    const typing = (body.typing_indicator as { type?: unknown } | undefined)?.type
    if (typing !== undefined && typing !== "text") return metaError(400, 100, "Invalid parameter", "OAuthException")
    this.recordAction({ from: number.phoneNumberId, to: received.from, action: typing ? "typing" : "read", messageId, at })
    return { status: 200, body: { success: true } }
  }

  /** Messenger's / Instagram's `sender_action` (typing_on, typing_off, mark_seen) to a customer. */
  private senderAction(id: string, body: Record<string, unknown>, at: string): GraphAnswer {
    const action = String(body.sender_action)
    const recipient = String((body.recipient as { id?: unknown } | undefined)?.id ?? "")
    if (!["typing_on", "typing_off", "mark_seen"].includes(action) || !recipient)
      return metaError(400, 100, "Invalid parameter", "OAuthException")
    this.recordAction({ from: id, to: recipient, action, at })
    return { status: 200, body: { recipient_id: recipient } }
  }

  /** `POST` / `DELETE /{version}/{page-id}/subscribed_apps` (an Instagram Login's: `me/subscribed_apps` at its host). */
  subscription(id: string, token: string, subscribed: boolean, host: GraphHost = "facebook"): GraphAnswer {
    const own = id === "me" ? this.logins.get(token) : undefined
    const found = own?.kind === "instagram_login" ? { login: own, page: own.pages[0] } : this.page(id)
    if (!found?.page) return id === "me" ? badToken() : noObject(id)
    if (found.page.token !== token || !takesToken(host, found.login)) return badToken()
    found.page.subscribed = subscribed
    return { status: 200, body: { success: true } }
  }

  /** The customer read a WhatsApp message: Meta posts a `read` status. */
  async read(wamid: string): Promise<number | null> {
    const send = this.sent.find((s) => s.id === wamid)
    const number = send ? this.numbers.get(send.from) : undefined
    if (!send || !number) return null
    return this.post(number, statusPayload(number, [{ id: wamid, status: "read", to: send.to }]))
  }

  close() {
    void this.calls.close()
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}
