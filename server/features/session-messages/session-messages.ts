/**
 * Session Timeout (/apps/sessionMessage): the message a customer receives when their conversation times out, and
 * after how many minutes. One row per tenant in client_settings; the tenant has the defaults below until it saves.
 */
import { and, eq } from "drizzle-orm"
import { handle } from "../registry"
import { clientSettings } from "../../db/schema/tenants"
import { tenantOf, type Ctx } from "../../http/context"
import { idOf, notFound } from "../../http/errors"

const SESSION_KEY = "session_message"
const DEFAULT_SESSION = {
  enabled: false,
  timeout_minutes: 30,
  message: "Your session has timed out. Send a message to start a new conversation.",
}

const sessionOf = async (ctx: Ctx) => {
  const [row] = await ctx.db
    .select()
    .from(clientSettings)
    .where(and(eq(clientSettings.clientId, tenantOf(ctx)), eq(clientSettings.key, SESSION_KEY)))
  return row ? { id: row.id, ...(row.value as typeof DEFAULT_SESSION) } : { id: null, ...DEFAULT_SESSION }
}

const saveSession = async (ctx: Ctx, value: typeof DEFAULT_SESSION) => {
  const clientId = tenantOf(ctx)
  const [row] = await ctx.db
    .insert(clientSettings)
    .values({ clientId, key: SESSION_KEY, value })
    .onConflictDoUpdate({
      target: [clientSettings.clientId, clientSettings.key],
      set: { value, updatedAt: new Date() },
    })
    .returning()
  return { data: { session: { id: row.id, ...value } } }
}

export const handlers = [
  handle("auth", "sessionFetch", async (ctx) => ({ data: { session: await sessionOf(ctx) } })),

  handle("auth", "sessionMessage", async (ctx, input) =>
    saveSession(ctx, {
      enabled: input.enabled ?? true,
      timeout_minutes: input.timeout_minutes,
      message: input.message,
    }),
  ),

  handle("auth", "sessionMessageById", async (ctx, input) => {
    const current = await sessionOf(ctx)
    if (current.id === null || current.id !== idOf(input.id, "Session message")) throw notFound("Session message")
    return saveSession(ctx, {
      enabled: input.enabled ?? current.enabled,
      timeout_minutes: input.timeout_minutes ?? current.timeout_minutes,
      message: input.message ?? current.message,
    })
  }),
]
