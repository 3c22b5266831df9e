/**
 * A customer's data rights: the export (every kind of customer-rows.ts as one JSON document, media with signed links)
 * and the erasure (every kind deleted in the call's one transaction, the ledger's lines kept with the number taken out
 * of their reference, recorded in the activity log under an opaque reference). The roll-up triggers take the deleted
 * rows out of every figure in the same transaction.
 */
import { createHmac } from "node:crypto"
import { sql } from "drizzle-orm"
import type { Config } from "../../config"
import { attachmentOf, publicOrigin } from "../../core/attachments"
import { handle } from "../../core/registry"
import type { Db } from "../../db/db"
import { activityLogs } from "../../db/schema/tenants"
import { tenantOf, userOf, type Ctx } from "../../http/context"
import { ApiError, idOf, notFound } from "../../http/errors"
import { flushRollups } from "../reports"
import { type Customer, KINDS, customerOf, eraseKind, numberVariants, rowsOfKind } from "./customer-rows"

/** The same customer always gets the same reference in a tenant; only the server can make it from a number. */
export const customerRefOf = (config: Pick<Config, "jwtSecret">, clientId: number, number: string) =>
  `cust_${createHmac("sha256", config.jwtSecret)
    .update(`data-rights:${clientId}:${number.replace(/^\+/, "")}`)
    .digest("hex")
    .slice(0, 20)}`

const found = async (ctx: Ctx, id: unknown) => {
  const clientId = tenantOf(ctx)
  // The months the customer wrote in that the counters have not taken in yet: listed and erased with the others.
  await flushRollups(ctx.db, true)
  const match = await customerOf(ctx.db, clientId, idOf(id, "Customer"))
  if (!match) throw notFound("Customer")
  return { ...match, ref: customerRefOf(ctx.services.config, clientId, match.number) }
}

/** Ledger lines keep their amounts and balances; a reference naming the number names "[erased]" instead. */
const anonymiseLedger = async (db: Db, c: Customer) => {
  const pattern = `(^|[:,])(${c.numbers.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?=$|[:,])`
  const rows = await db.execute(sql`UPDATE billing_ledger SET ref = regexp_replace(ref, ${pattern}, '\\1[erased]', 'g')
    WHERE client_id = ${c.clientId} AND ref ~ ${pattern} RETURNING 1`)
  return (rows as unknown as { rows: unknown[] }).rows.length
}

export const handlers = [
  handle("dataRights", "customerExport", async (ctx, input) => {
    const { customer, ref } = await found(ctx, input.id)
    const origin = publicOrigin(ctx)
    const out: Record<string, readonly unknown[]> = {}
    for (const kind of KINDS) {
      const rows = await rowsOfKind(ctx.db, kind, customer)
      out[kind.kind] =
        kind.kind === "media"
          ? rows.map((r) => ({
              ...r,
              ...attachmentOf(
                ctx.services.config,
                {
                  id: Number(r.id),
                  filename: String(r.filename),
                  mime: String(r.mime),
                  size: Number(r.size),
                  storageKey: String(r.storage_key),
                },
                origin,
              ),
            }))
          : rows
    }
    return { data: { customer_ref: ref, exported_at: new Date().toISOString(), kinds: out } }
  }),

  handle("dataRights", "customerErase", async (ctx, input) => {
    const { userId, clientId } = userOf(ctx)
    const { customer, number, ref } = await found(ctx, input.id)
    if (!numberVariants(number).includes(input.confirm_number.trim()))
      throw new ApiError(400, "CONFIRMATION_MISMATCH", "The number typed is not the customer's number", "confirm_number")
    const counts: Record<string, number> = {}
    for (const kind of KINDS) counts[kind.kind] = await eraseKind(ctx.db, kind, customer)
    counts.ledger_references = await anonymiseLedger(ctx.db, customer)
    await ctx.db.insert(activityLogs).values({ clientId, userId, action: "customer-erased", detail: { customer_ref: ref, counts } })
    return { data: { customer_ref: ref, counts, media_files: counts.media } }
  }),
]
