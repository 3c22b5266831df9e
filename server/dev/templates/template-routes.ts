/**
 * The template simulator's hooks (template-simulator.ts; login-protected like every /dev hook):
 *   POST /dev/templates/verdict  { name, status: "APPROVED" | "REJECTED" | null, reason? }  the review's answer for that name
 *   POST /dev/templates/status   { name, language?, status: "APPROVED" | "PAUSED" | "DISABLED", reason? }  the channel
 *                                 changes a template's status later (through the job queue, as its webhook would)
 *   POST /dev/templates/numbers  { number, on_whatsapp: true | false | null }  the answer of Check number for it
 */
import { sql } from "drizzle-orm"
import { rowsOf } from "../../db/rows"
import type { HttpRoutes } from "../../core/registry"
import { announceStatus } from "../../features/templates"
import { badRequest, notFound } from "../../http/errors"
import { devCallerOf, devTenantOf } from "../access"
import { type Body, bodyOf } from "../body"
import { templateSimulatorOf } from "./template-simulator"
const text = (body: Body, field: string) => {
  const v = body[field]
  if (typeof v !== "string" || v.length === 0 || v.length > 512) throw badRequest(`${field} is required`, field)
  return v
}
const reasonOf = (body: Body) => (typeof body.reason === "string" && body.reason.trim() ? body.reason.trim().slice(0, 500) : null)

export const templateRoutes: HttpRoutes = (app, services) => {
  const channel = () => templateSimulatorOf(services)
  app.post("/dev/templates/verdict", async (req) => {
    const body = bodyOf(req.body)
    const clientId = devTenantOf(await devCallerOf(services, req), body.clientId)
    const name = text(body, "name")
    if (body.status === null) channel().setVerdict(clientId, name, null)
    else if (body.status === "APPROVED" || body.status === "REJECTED")
      channel().setVerdict(clientId, name, {
        status: body.status,
        reason: body.status === "REJECTED" ? (reasonOf(body) ?? "Rejected") : null,
      })
    else throw badRequest("status must be APPROVED, REJECTED or null", "status")
    return { data: { ok: true } }
  })
  app.post("/dev/templates/status", async (req) => {
    const body = bodyOf(req.body)
    const clientId = devTenantOf(await devCallerOf(services, req), body.clientId)
    const status = body.status
    if (status !== "APPROVED" && status !== "PAUSED" && status !== "DISABLED")
      throw badRequest("status must be APPROVED, PAUSED or DISABLED", "status")
    const name = text(body, "name")
    const language = typeof body.language === "string" ? body.language : null
    await services.database.transaction(async (tx) => {
      const rows = rowsOf(
        await tx.execute(sql`SELECT id FROM templates WHERE client_id = ${clientId} AND name = ${name}
            ${language ? sql`AND language = ${language}` : sql``}`),
      )
      if (rows.length === 0) throw notFound(`Template ${name}`)
      for (const row of rows) await announceStatus(tx, clientId, Number(row.id), status, reasonOf(body))
    })
    return { data: { ok: true } }
  })
  app.post("/dev/templates/numbers", async (req) => {
    const body = bodyOf(req.body)
    const clientId = devTenantOf(await devCallerOf(services, req), body.clientId)
    const number = text(body, "number")
    const on = body.on_whatsapp
    if (on !== true && on !== false && on !== null) throw badRequest("on_whatsapp must be true, false or null", "on_whatsapp")
    channel().setNumber(clientId, number, on)
    return { data: { ok: true } }
  })
}
