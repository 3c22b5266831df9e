/**
 * Password reset: a single-use, expiring link mailed through `sendMail` (a refused send answers 502 and keeps no link,
 * so the person sees it failed and asks again), then the new password, which ends every other link of the account.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm"
import { publicLink, sendMail } from "../../core/mail"
import { handle } from "../../core/registry"
import { users, passwordResetTokens } from "../../db/schema/identity"
import { hashPassword, randomToken, sha256 } from "../../auth/password"
import { ApiError } from "../../http/errors"
import { endUserSessions } from "./login"

const invalidToken = () => new ApiError(400, "RESET_TOKEN_INVALID", "This reset link is invalid, used or expired", "token")

export const handlers = [
  handle("auth", "sendEmail", async (ctx, input) => {
    const scoped = ctx.principal.clientId
    const matches = await ctx.db.select().from(users).where(sql`lower(${users.email}) = lower(${input.email})`)
    // A tenant's client token only reaches its own users; the public console token reaches any account.
    const user = matches.find((u) => u.status === "active" && (scoped === null || u.clientId === scoped))
    if (user) {
      const token = randomToken()
      await ctx.db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + ctx.services.config.resetTokenTtlSeconds * 1000),
      })
      const link = publicLink(ctx.services.config, `/pages/auth/reset-password?token=${encodeURIComponent(token)}`)
      await sendMail(
        ctx.services,
        {
          clientId: user.clientId,
          to: user.email,
          subject: "Reset your password",
          text: `Hello ${user.displayName},\n\nOpen this link to choose a new password (valid for 30 minutes, once):\n${link}\n`,
          meta: { kind: "password-reset", token, link, userId: user.id },
        },
        ctx.db,
      )
    }
    // The same answer whether or not the address exists: no account enumeration.
    return { data: { sent: true } }
  }),

  handle("auth", "passwordReset", async (ctx, input) => {
    const now = new Date()
    const [row] = await ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning()
    if (!row) throw invalidToken()
    const [user] = await ctx.db.select({ clientId: users.clientId }).from(users).where(eq(users.id, row.userId))
    if (!user || (ctx.principal.clientId !== null && user.clientId !== ctx.principal.clientId)) throw invalidToken()
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), updatedAt: now })
      .where(eq(users.id, row.userId))
    // A new password ends every other reset link and every open session of the account.
    await ctx.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)))
    await endUserSessions(ctx, row.userId, "password")
    return { data: { ok: true } }
  }),
]
