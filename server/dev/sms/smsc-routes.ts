/**
 * The simulator SMSC of a development server with its hooks (login-protected like every /dev hook: dev/access.ts). It
 * listens on SMSC_PORT (default: a free port); `GET /dev/sms/smsc` says where, for a provider's host and port.
 *
 *   GET  /dev/sms/smsc                 { host, port, settings, submitted, receiptsSent }
 *   POST /dev/sms/smsc                 { refuseBind?, rejectWith?, throttleNext?, receiptDelayMs?, receiptStat?,
 *                                        answerThenDrop?, reset? }
 *   POST /dev/sms/smsc/drop            drops every SMPP connection
 *   POST /dev/sms/smsc/receipt         { messageId, stat? }: a receipt for any id
 *   POST /dev/sms/smsc/inbound         { from, to, text }: a customer writes to a mask
 *   GET  /dev/sms/smsc/messages?to=    what the SMSC took (the caller's tenant's masks only)
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import type { HttpRoutes } from "../../core/registry"
import { closeGateway } from "../../features/sms"
import type { Services } from "../../http/context"
import { badRequest } from "../../http/errors"
import { devCallerOf } from "../access"
import { type Body, bodyOf } from "../body"
import { SimulatorSmsc, type SmscBehaviour } from "./simulator-smsc"

const smscs = new WeakMap<Services, SimulatorSmsc>()

/** The server's simulator SMSC (development servers only). */
export const smscOf = (services: Services): SimulatorSmsc | undefined => smscs.get(services)

const settingsOf = (body: Body): Partial<SmscBehaviour> => {
  const change: { -readonly [K in keyof SmscBehaviour]?: SmscBehaviour[K] } = {}
  if (body.refuseBind !== undefined) change.refuseBind = body.refuseBind === true
  const int = (field: string, max: number) => {
    const v = body[field]
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > max)
      throw badRequest(`${field} must be a whole number from 0 to ${max}`, field)
    return v as number
  }
  if (body.rejectWith !== undefined) change.rejectWith = int("rejectWith", 0x7fff)
  if (body.throttleNext !== undefined) change.throttleNext = int("throttleNext", 1_000_000)
  if (body.receiptDelayMs !== undefined) change.receiptDelayMs = body.receiptDelayMs === null ? null : int("receiptDelayMs", 600_000)
  if (body.answerThenDrop !== undefined) change.answerThenDrop = body.answerThenDrop === null ? null : int("answerThenDrop", 1_000_000)
  if (body.receiptStat !== undefined) {
    if (body.receiptStat !== "DELIVRD" && body.receiptStat !== "UNDELIV")
      throw badRequest("receiptStat must be DELIVRD or UNDELIV", "receiptStat")
    change.receiptStat = body.receiptStat
  }
  return change
}

const text = (body: Body, field: string, max: number) => {
  const v = body[field]
  if (typeof v !== "string" || v.length === 0 || v.length > max) throw badRequest(`${field} must be text of 1 to ${max} characters`, field)
  return v
}

export const smscRoutes: HttpRoutes = (app, services) => {
  const smsc = new SimulatorSmsc()
  smscs.set(services, smsc)
  // The gateway's links to it unbind first (closing twice is harmless: features/sms/sms-lifetime.ts closes it too).
  app.addHook("onClose", async () => {
    await closeGateway(services)
    await smsc.stop()
  })
  app.addHook("onReady", () => smsc.start(Number(process.env.SMSC_PORT ?? 0)))

  app.get("/dev/sms/smsc", async (req) => {
    await devCallerOf(services, req)
    return {
      data: { host: "127.0.0.1", port: smsc.port, settings: smsc.settings, submitted: smsc.submitted, receiptsSent: smsc.receiptsSent },
    }
  })
  app.post("/dev/sms/smsc", async (req) => {
    await devCallerOf(services, req)
    const body = bodyOf(req.body)
    if (body.reset === true) smsc.reset()
    smsc.configure(settingsOf(body))
    return { data: { settings: smsc.settings } }
  })
  app.post("/dev/sms/smsc/drop", async (req) => {
    await devCallerOf(services, req)
    return { data: { dropped: smsc.drop() } }
  })
  app.post("/dev/sms/smsc/receipt", async (req) => {
    await devCallerOf(services, req)
    const body = bodyOf(req.body)
    const stat = body.stat === "UNDELIV" ? "UNDELIV" : "DELIVRD"
    return { data: { sessions: smsc.sendReceipt(text(body, "messageId", 64), stat) } }
  })
  app.post("/dev/sms/smsc/inbound", async (req) => {
    await devCallerOf(services, req)
    const body = bodyOf(req.body)
    return { data: { sessions: smsc.sendInbound(text(body, "from", 20), text(body, "to", 16), text(body, "text", 1600)) } }
  })
  app.get("/dev/sms/smsc/messages", async (req) => {
    const caller = await devCallerOf(services, req)
    const to = bodyOf(req.query).to
    let items = smsc.received.filter((m) => typeof to !== "string" || m.to === to.replace(/^\+/, ""))
    if (caller.clientId !== null) {
      const masks = new Set(
        rowsOf(await services.database.db.execute(sql`SELECT mask FROM sms_maskings WHERE client_id = ${caller.clientId}`)).map((r) =>
          String(r.mask),
        ),
      )
      items = items.filter((m) => masks.has(m.from))
    }
    return { data: { items } }
  })
}
