/**
 * Switching a business off and on, and deleting it (soft). A disabled or deleted business's people are signed out at
 * once: every open login session of its users ends in the same transaction (so their tokens fail on the very next
 * call, on every process: server/auth/principal.ts reads the session and the business's status on every call) and
 * their sockets are dropped once it commits, which the console takes as the end of the login. Its webhook deliveries
 * stop too: the delivery job reads the business's status (server/features/webhooks/delivery.ts).
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import type { Ctx } from "../../http/context"
import { ApiError } from "../../http/errors"
import type { BusinessStatus } from "./client-rows"

/** Ends every open login of the business's users (reason "disabled") and drops their sockets after the commit. */
export const endBusinessSessions = async (ctx: Ctx, clientId: number) => {
  const ended = rowsOf(
    await ctx.db.execute(sql`UPDATE login_sessions SET ended_at = now(), end_reason = 'disabled'
      WHERE client_id = ${clientId} AND ended_at IS NULL RETURNING id`),
  )
  const drop = () => {
    for (const session of ended) ctx.services.realtime?.endLogin(String(session.id))
  }
  if (ctx.afterCommit) ctx.afterCommit(drop)
  else drop()
  return ended.length
}

/** A refused move: 409 naming where the business stands. */
export const wrongStatus = (what: string, status: string) =>
  new ApiError(409, "BUSINESS_STATUS", `Cannot ${what}: the business is ${status.replace("_", " ")}`)

/** active <-> disabled; anything else (pending review, rejected) cannot be switched. */
export const toggle = async (ctx: Ctx, clientId: number, status: BusinessStatus, active: boolean) => {
  if (status !== "active" && status !== "disabled") throw wrongStatus(active ? "enable it" : "disable it", status)
  const next: BusinessStatus = active ? "active" : "disabled"
  if (status === next) return
  await setStatus(ctx.db, clientId, next)
  if (!active) await endBusinessSessions(ctx, clientId)
}

export const softDelete = async (ctx: Ctx, clientId: number) => {
  await ctx.db.execute(sql`UPDATE clients SET status = 'deleted', deleted_at = now() WHERE id = ${clientId}`)
  await endBusinessSessions(ctx, clientId)
}

const setStatus = (db: Db, clientId: number, status: BusinessStatus) =>
  db.execute(sql`UPDATE clients SET status = ${status} WHERE id = ${clientId}`)
