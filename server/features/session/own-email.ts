/**
 * People changing their own e-mail address (`auth.authUserUpdate`, `users.usersUpdateOwnById`): the current password
 * confirms it (400 on `current_password` otherwise), and the old address is told, so a stolen session cannot quietly
 * move the account's mail (and with it its password resets) elsewhere.
 */
import { eq } from "drizzle-orm"
import { verifyPassword } from "../../auth/password"
import { publicLink, sendMail } from "../../core/mail"
import { users } from "../../db/schema/identity"
import type { Ctx } from "../../http/context"
import { badRequest } from "../../http/errors"

export const wrongCurrentPassword = () => badRequest("The current password is wrong", "current_password")

/** In the call's transaction, before the new address is written; nothing happens when the address stays the same. */
export const confirmOwnEmailChange = async (ctx: Ctx, userId: number, email: string | undefined, currentPassword: string | undefined) => {
  if (email === undefined) return
  const [me] = await ctx.db.select().from(users).where(eq(users.id, userId))
  if (!me || me.email.trim().toLowerCase() === email.trim().toLowerCase()) return
  if (!currentPassword || !(await verifyPassword(currentPassword, me.passwordHash))) throw wrongCurrentPassword()
  await sendMail(
    ctx.services,
    {
      clientId: me.clientId,
      to: me.email,
      subject: "Your e-mail address was changed",
      text: [
        `Hello ${me.displayName},`,
        `The e-mail address of your account ${me.username} was changed from ${me.email} to ${email.trim()}. Password resets now go there.`,
        `If you did not do this, sign in at ${publicLink(ctx.services.config, "/login")} and change your password, or tell your administrator at once.`,
      ].join("\n\n"),
      meta: { kind: "email-changed", userId: me.id },
    },
    ctx.db,
  )
}
