/**
 * The business's own profile (the company screens): its details, the subject line of the mails sent on its behalf,
 * and the onboarding details (WhatsApp number, category, description). Always the caller's own business; a super admin
 * may read any business's subject.
 */
import { type SQL, sql } from "drizzle-orm"
import type { Ctx } from "../../http/context"
import { tenantOf } from "../../http/context"
import { rowsOf } from "../../db/rows"
import { badRequest, idOf, notFound } from "../../http/errors"
import { CLIENT_COLUMNS, clientOf } from "../businesses"
import { handle } from "../../core/registry"

const ownClient = async (ctx: Ctx, clientId: number) => {
  const [row] = rowsOf(await ctx.db.execute(sql`SELECT ${CLIENT_COLUMNS} FROM clients c WHERE c.id = ${clientId}`))
  if (!row) throw notFound("Business")
  return clientOf(row)
}

const update = async (ctx: Ctx, sets: SQL[]) => {
  const clientId = tenantOf(ctx)
  if (sets.length > 0) await ctx.db.execute(sql`UPDATE clients SET ${sql.join(sets, sql`, `)} WHERE id = ${clientId}`)
  return { data: await ownClient(ctx, clientId) }
}

/** Empty text clears an optional field. */
const orNull = (text: string) => (text.trim() === "" ? null : text.trim())

export const handlers = [
  handle("company", "fetchOwnClient", async (ctx) => ({ data: await ownClient(ctx, tenantOf(ctx)) })),

  handle("onboarding", "fetchSubjectByClientId", async (ctx, input) => {
    const id = idOf(input.client_id, "Business")
    // A tenant reads its own; another business's id is simply not found. The super admin reads any.
    if (!ctx.principal.superAdmin && id !== tenantOf(ctx)) throw notFound("Business")
    const [row] = rowsOf(await ctx.db.execute(sql`SELECT id, subject FROM clients WHERE id = ${id}`))
    if (!row) throw notFound("Business")
    return { data: { client_id: Number(row.id), subject: row.subject === null ? null : String(row.subject) } }
  }),

  handle("onboarding", "clientUpdate", async (ctx, input) => {
    const sets: SQL[] = []
    if (input.name !== undefined) {
      if (input.name.trim() === "") throw badRequest("A business needs a name", "name")
      sets.push(sql`name = ${input.name.trim()}`)
    }
    if (input.email !== undefined) sets.push(sql`email = ${input.email}`)
    if (input.phone !== undefined) sets.push(sql`phone = ${input.phone}`)
    if (input.country_id !== undefined) {
      const [country] = rowsOf(await ctx.db.execute(sql`SELECT id FROM countries WHERE id = ${input.country_id}`))
      if (!country) throw badRequest("Choose a country from the list", "country_id")
      sets.push(sql`country_id = ${input.country_id}`)
    }
    if (input.address !== undefined) sets.push(sql`address = ${orNull(input.address)}`)
    if (input.website !== undefined) sets.push(sql`website = ${input.website}`)
    if (input.logo_url !== undefined) sets.push(sql`logo_url = ${input.logo_url}`)
    if (input.contact_person !== undefined)
      sets.push(sql`meta = meta || ${JSON.stringify({ contact_person: orNull(input.contact_person) })}::jsonb`)
    return update(ctx, sets)
  }),

  handle("onboarding", "clientUpdateSubject", async (ctx, input) => update(ctx, [sql`subject = ${orNull(input.subject)}`])),

  handle("onboarding", "clientOnboarding", async (ctx, input) => {
    const details = {
      whatsapp_number: input.whatsapp_number,
      business_category: input.business_category.trim(),
      description: input.description?.trim() || null,
    }
    const sets: SQL[] = [sql`meta = meta || ${JSON.stringify({ onboarding: details })}::jsonb`]
    if (input.website !== undefined) sets.push(sql`website = ${input.website}`)
    return update(ctx, sets)
  }),
]
