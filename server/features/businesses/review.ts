/**
 * A business's registration review, one explicit machine: submitted -> in_review -> approved | rejected (a rejection
 * names its reason). Any other move is a 409 naming the current status. Approval turns the business on: its built-in
 * roles are made as for every tenant (server/db/seed/access.ts seedRoles), its admin user is created with the username
 * and password the registration chose, and a welcome mail goes to the business's address (server/core/mail.ts).
 */
import { sql } from "drizzle-orm"
import type { OnboardingStatus } from "../../../src/contract/schemas/tenants"
import { publicLink, sendMail } from "../../core/mail"
import { rowsOf } from "../../db/rows"
import { seedRoles } from "../../db/seed/access"
import type { Ctx } from "../../http/context"
import { ApiError, badRequest, conflict } from "../../http/errors"

export type ReviewTarget = Exclude<OnboardingStatus, "submitted">

/** The moves a registration may make, and nothing else. */
export const REVIEW_MOVES: Readonly<Record<OnboardingStatus, readonly ReviewTarget[]>> = {
  submitted: ["in_review"],
  in_review: ["approved", "rejected"],
  approved: [],
  rejected: [],
}

export const refusedMove = (from: OnboardingStatus, to: ReviewTarget) =>
  new ApiError(409, "REGISTRATION_STATUS", `A registration that is ${from.replace("_", " ")} cannot be ${to.replace("_", " ")}`)

export const checkMove = (from: OnboardingStatus, to: ReviewTarget, reason: string | undefined): string | null => {
  if (!REVIEW_MOVES[from].includes(to)) throw refusedMove(from, to)
  if (to !== "rejected") return null
  const text = reason?.trim() ?? ""
  if (text.length < 3) throw badRequest("Say why the registration is rejected", "reason")
  return text
}

/** Turns an approved business on: roles, its admin user, status active; then the welcome mail. */
export const approve = async (ctx: Ctx, business: { id: number; name: string; email: string }) => {
  const [registration] = rowsOf(
    await ctx.db.execute(sql`SELECT admin_username, password_hash FROM business_registrations WHERE client_id = ${business.id}`),
  )
  if (!registration) throw conflict("This business has no registration to approve")
  const username = String(registration.admin_username)
  const [taken] = rowsOf(await ctx.db.execute(sql`SELECT 1 FROM users WHERE username = ${username}`))
  if (taken) throw conflict(`The username ${username} was taken since the business registered`, "admin_username")
  const catalogue = new Map(
    rowsOf(await ctx.db.execute(sql`SELECT id, key FROM permissions WHERE client_id IS NULL`)).map((r) => [String(r.key), Number(r.id)]),
  )
  const roles = await seedRoles(ctx.db, business.id, catalogue)
  await ctx.db.execute(sql`INSERT INTO users (client_id, username, email, password_hash, display_name, role_id, settings)
    VALUES (${business.id}, ${username}, ${business.email}, ${String(registration.password_hash)}, ${business.name}, ${roles.admin},
      ${JSON.stringify({ language: "en" })}::jsonb)`)
  await ctx.db.execute(sql`UPDATE clients SET status = 'active' WHERE id = ${business.id}`)
  await sendMail(
    ctx.services,
    {
      to: business.email,
      clientId: business.id,
      subject: `${business.name} is approved`,
      text: [
        `Welcome! ${business.name} is approved and its console is ready.`,
        `Sign in at ${publicLink(ctx.services.config, "/login")} with the username ${username} and the password chosen at registration.`,
      ].join("\n\n"),
    },
    ctx.db,
  )
}
