/** Layout and theme per user, and the products enabled for the tenant. */
import { eq } from "drizzle-orm"
import { handle } from "../../core/registry"
import { userLayouts } from "../../db/schema/identity"
import { clients } from "../../db/schema/tenants"
import { userOf, tenantOf, type Ctx } from "../../http/context"
import { DEFAULT_LAYOUT, DEFAULT_THEME, THEMES, type Layout, type Theme } from "../../../src/contract/schemas/layout"

const PRODUCTS = [
  { key: "chat", name: "Live chat" },
  { key: "tickets", name: "Tickets" },
  { key: "voice", name: "WhatsApp voice calls" },
  { key: "templates", name: "Template messages" },
  { key: "sms", name: "SMS" },
  { key: "otp", name: "OTP" },
  { key: "catalogue", name: "Catalogue" },
]

const current = async (ctx: Ctx) => {
  const { userId } = userOf(ctx)
  const [row] = await ctx.db.select().from(userLayouts).where(eq(userLayouts.userId, userId))
  const layout = row && Object.keys(row.layout).length ? (row.layout as Layout) : DEFAULT_LAYOUT
  const theme = row && Object.keys(row.theme).length ? (row.theme as Theme) : DEFAULT_THEME
  return { layout, theme }
}

const save = async (ctx: Ctx, patch: { layout?: Layout; theme?: Theme }) => {
  const { userId, clientId } = userOf(ctx)
  const values = { ...(await current(ctx)), ...patch }
  await ctx.db
    .insert(userLayouts)
    .values({ userId, clientId, ...values })
    .onConflictDoUpdate({ target: userLayouts.userId, set: { ...patch, updatedAt: new Date() } })
  return values
}

export const handlers = [
  handle("layout", "userLayout", async (ctx) => ({ data: await current(ctx) })),
  handle("layout", "usersLayoutCreate", async (ctx, input) => ({ data: await save(ctx, { layout: input.layout }) })),
  handle("layout", "usersLayoutUpdate", async (ctx, input) => ({ data: await save(ctx, { layout: input.layout }) })),
  handle("layout", "postUsersThemes", async (ctx) => ({
    data: { themes: [...THEMES], current: (await current(ctx)).theme },
  })),
  handle("layout", "putUsersThemes", async (ctx, input) => ({
    data: { theme: (await save(ctx, { theme: input.theme })).theme },
  })),
  handle("layout", "clientProducts", async (ctx) => {
    const [client] = await ctx.db
      .select({ products: clients.products })
      .from(clients)
      .where(eq(clients.id, tenantOf(ctx)))
    const enabled = new Set(client?.products ?? [])
    return { data: { items: PRODUCTS.map((p) => ({ ...p, enabled: enabled.has(p.key) })) } }
  }),
]
