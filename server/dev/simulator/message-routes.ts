/**
 * Development hooks of the message simulator (development servers only): the console's simulator page, tests,
 * `npm run simulate:message` and people play customers on every channel. Only a tenant admin (in their own tenant,
 * whatever clientId says) or the per-start key (in the tenant clientId names) may call them: see dev/access.ts.
 *
 *   POST /dev/simulator/messages   { clientId (1), channel, number, name?, type? (text), text?, link?, filename?,
 *                                    location? { latitude, longitude, name?, address? } (type location),
 *                                    order? { product_items: [{ product_retailer_id, quantity }] } (type order) }
 *                                  -> { data: { conversationId, messageId } }; 403 CUSTOMER_BLOCKED for a blocked customer
 *   POST /dev/simulator/typing     { clientId, channel, number, state: "typing" | "paused" }
 *   GET  /dev/simulator/messages?clientId=&channel=&number=   what that phone received, with delivery status
 *   POST /dev/simulator/messages/:externalId/read            the customer read an outbound message
 */
import { sql } from "drizzle-orm"
import type { Channel } from "../../../src/contract/schemas/common"
import { chatHubOf } from "../../features/chat"
import type { HttpRoutes } from "../../core/registry"
import { tenantCache } from "../../core/tenant-cache"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError, badRequest } from "../../http/errors"
import { SHED_WHEN_BUSY } from "../../http/shedding"
import { devCallerOf, devTenantOf, type DevCaller } from "../access"
import { type Body, bodyOf } from "../body"
import { customerWritesViaMeta } from "../meta/customer-writes"

const CHANNELS = new Set(["whatsapp", "facebook", "instagram", "sms", "webchat"])
const TYPES = new Set(["text", "image", "document", "video", "audio", "location", "order"])
const MEDIA = new Set(["image", "document", "video", "audio"])
const NUMBER = /^\+?[A-Za-z0-9._:-]{3,64}$/
const URL = /^https?:\/\/[^\s]+$/

const text = (body: Body, field: string, max: number): string | undefined => {
  const value = body[field]
  if (value === undefined || value === null || value === "") return undefined
  if (typeof value !== "string" || value.length > max) throw badRequest(`${field} must be text of at most ${max} characters`, field)
  return value
}

const common = (caller: DevCaller, raw: unknown) => {
  const body = bodyOf(raw)
  const clientId = devTenantOf(caller, body.clientId)
  const channel = String(body.channel ?? "whatsapp")
  if (!CHANNELS.has(channel)) throw badRequest("channel must be whatsapp, facebook, instagram, sms or webchat", "channel")
  const number = typeof body.number === "string" ? body.number.trim() : ""
  if (!NUMBER.test(number)) throw badRequest("number must be a phone number or channel id", "number")
  return { body, clientId, channel: channel as Channel, number }
}

const locationOf = (raw: unknown) => {
  const l = bodyOf(raw)
  const latitude = Number(l.latitude)
  const longitude = Number(l.longitude)
  if (typeof l.latitude !== "number" || !(Math.abs(latitude) <= 90))
    throw badRequest("location.latitude must be between -90 and 90", "location")
  if (typeof l.longitude !== "number" || !(Math.abs(longitude) <= 180))
    throw badRequest("location.longitude must be between -180 and 180", "location")
  return { latitude, longitude, name: text(l, "name", 200), address: text(l, "address", 300) }
}

const orderOf = (raw: unknown) => {
  const o = bodyOf(raw)
  const items = Array.isArray(o.product_items) ? (o.product_items as Body[]) : []
  if (items.length === 0 || items.length > 100) throw badRequest("order.product_items must list 1 to 100 items", "order")
  const product_items = items.map((item) => {
    const id = item?.product_retailer_id
    const quantity = item?.quantity
    if (typeof id !== "string" || id.length === 0 || id.length > 100) throw badRequest("product_retailer_id must be text", "order")
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > 10_000)
      throw badRequest("quantity must be a whole number from 1 to 10,000", "order")
    return { product_retailer_id: id, quantity }
  })
  return { product_items, text: text(o, "text", 1000) }
}

/**
 * The tenant exists (else 404), from this process's cache (core/tenant-cache.ts): only a found tenant is kept, so a
 * tenant created a moment ago is found at once; one purged may pass for TENANT_CACHE_TTL_MS.
 */
const tenantFound = tenantCache(async (db: Db, clientId: number): Promise<true> => {
  const [exists] = rowsOf(await db.execute(sql`SELECT 1 FROM clients WHERE id = ${clientId}`))
  if (!exists) throw new ApiError(404, "NOT_FOUND", "Tenant not found")
  return true
})

export const messageSimulatorRoutes: HttpRoutes = (app, services) => {
  app.post("/dev/simulator/messages", { config: SHED_WHEN_BUSY }, async (req) => {
    const { body, clientId, channel, number } = common(await devCallerOf(services, req), req.body)
    const type = String(body.type ?? "text")
    if (!TYPES.has(type)) throw badRequest("type must be text, image, document, video, audio, location or order", "type")
    const message = text(body, "text", 4096)
    const link = text(body, "link", 2048)
    if (link && !URL.test(link)) throw badRequest("link must be an http(s) URL", "link")
    if (type === "text" && !message) throw badRequest("text is required for a text message", "text")
    if (MEDIA.has(type) && !link) throw badRequest(`link is required for a ${type} message`, "link")
    const location = type === "location" ? locationOf(body.location) : undefined
    const order = type === "order" ? orderOf(body.order) : undefined
    await tenantFound.get(services.database.db, clientId)
    const written = {
      clientId,
      channel,
      number,
      type: type as "text",
      text: message ?? (location ? `Location: ${location.latitude}, ${location.longitude}` : undefined),
      location,
      order,
      link,
      filename: text(body, "filename", 255),
      name: text(body, "name", 120)?.trim(),
    }
    // A tenant connected to the simulated Meta gets the message as a signed Meta webhook (features/channels).
    const ids = (await customerWritesViaMeta(services, written)) ?? (await chatHubOf(services).channel.customerWrites(written))
    return { data: ids }
  })
  app.post("/dev/simulator/typing", async (req) => {
    const { body, clientId, channel, number } = common(await devCallerOf(services, req), req.body)
    const state = body.state ?? "typing"
    if (state !== "typing" && state !== "paused") throw badRequest("state must be typing or paused", "state")
    await chatHubOf(services).channel.customerTypes({ clientId, channel, number, state })
    return { data: { ok: true } }
  })
  app.get("/dev/simulator/messages", async (req) => {
    const { clientId, channel, number } = common(await devCallerOf(services, req), req.query)
    return { data: { items: chatHubOf(services).channel.received(clientId, channel, number) } }
  })
  app.post<{ Params: { externalId: string } }>("/dev/simulator/messages/:externalId/read", async (req) => {
    const { clientId } = await devCallerOf(services, req)
    if (!(await chatHubOf(services).channel.read(req.params.externalId, clientId)))
      throw new ApiError(404, "NOT_FOUND", "The simulator never received that message")
    return { data: { ok: true } }
  })
}
