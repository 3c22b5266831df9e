/**
 * Session Timeout (/apps/sessionMessage): the message a customer receives when their conversation closes after being
 * idle, and after how many minutes. The rule itself (one row, shared with the settings) is
 * tenant-settings/session-rule.ts; the closing is tenant-settings/idle-close.ts. Until the tenant writes its own
 * message, the screen shows the one sent: ours, in the tenant's language.
 */
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { idOf, notFound } from "../../http/errors"
import { customerText, saveSessionRule, type SessionRule, sessionRuleOf, tenantSettings } from "../tenant-settings"

const shown = async (ctx: Ctx, rule: SessionRule) => ({
  data: {
    session: {
      ...rule,
      message: rule.message ?? customerText("sessionClosed", (await tenantSettings(ctx.db, tenantOf(ctx))).language),
    },
  },
})

export const handlers = [
  handle("auth", "sessionFetch", async (ctx) => shown(ctx, await sessionRuleOf(ctx.db, tenantOf(ctx)))),

  handle("auth", "sessionMessage", async (ctx, input) =>
    shown(
      ctx,
      await saveSessionRule(ctx.db, tenantOf(ctx), {
        enabled: input.enabled ?? true,
        timeout_minutes: input.timeout_minutes,
        message: input.message,
      }),
    ),
  ),

  handle("auth", "sessionMessageById", async (ctx, input) => {
    const current = await sessionRuleOf(ctx.db, tenantOf(ctx))
    if (current.id === null || current.id !== idOf(input.id, "Session message")) throw notFound("Session message")
    return shown(
      ctx,
      await saveSessionRule(ctx.db, tenantOf(ctx), {
        enabled: input.enabled,
        timeout_minutes: input.timeout_minutes,
        message: input.message,
      }),
    )
  }),
]
