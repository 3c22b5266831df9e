/** Check number (is it on WhatsApp, has it opted out), Clear number (off the opt-out blacklist) and the blacklist itself. */
import { sql } from "drizzle-orm"
import { tenantOf } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { handle } from "../../core/registry"
import { blacklistedAmong, clearNumbers } from "./opt-out"
import { templateChannelOf } from "./template-channel"

export const handlers = [
  handle("templateTools", "templateNumbersCheck", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const numbers = [...new Set(input.numbers)]
    const listed = await blacklistedAmong(ctx.db, clientId, numbers)
    const channel = templateChannelOf(ctx.services)
    const data = []
    for (const number of numbers)
      data.push({ number, on_whatsapp: await channel.onWhatsApp(clientId, number), blacklisted: listed.has(number) })
    return { data }
  }),
  handle("templateTools", "templateNumbersClear", async (ctx, input) => ({
    data: await clearNumbers(ctx.db, tenantOf(ctx), [...new Set(input.numbers)]),
  })),
  handle("templates", "templateRecipientsBlacklist", async (ctx) => ({
    data: rowsOf(
      await ctx.db.execute(sql`SELECT number, reason, created_at FROM template_blacklist WHERE client_id = ${tenantOf(ctx)}
        ORDER BY created_at DESC, id DESC LIMIT 10000`),
    ).map((r) => ({
      number: String(r.number),
      reason: (r.reason as string | null) ?? null,
      dt: new Date(r.created_at as string).toISOString(),
    })),
  })),
]
