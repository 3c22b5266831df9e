/**
 * A customer's segments, by their number (the tagging group's calls of the customer panel): the segments they are in
 * now (fetchCustomerSegment), the one they entered last (customerLastSegment), and putting them in (or out) by hand
 * (customerSegment). The number names the customer as everywhere (contact-rows.ts `contactRowByNumber`).
 */
import { tenantOf } from "../../http/context"
import { handle } from "../../core/registry"
import { loadSegment, placeInSegment, segmentOf, segmentsOfContact } from "../segments"
import { contactRowByNumber } from "./contact-rows"

export const handlers = [
  handle("tagging", "fetchCustomerSegment", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const contact = await contactRowByNumber(ctx.db, clientId, input.number)
    const rows = await segmentsOfContact(ctx.db, clientId, Number(contact.id))
    const data = []
    for (const row of rows) data.push(await segmentOf(ctx.db, clientId, row))
    return { data }
  }),

  handle("tagging", "customerLastSegment", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const contact = await contactRowByNumber(ctx.db, clientId, input.number)
    const [last] = await segmentsOfContact(ctx.db, clientId, Number(contact.id))
    return { data: last ? await segmentOf(ctx.db, clientId, last) : null }
  }),

  handle("tagging", "customerSegment", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const segment = await loadSegment(ctx.db, clientId, input.segment_id)
    const contact = await contactRowByNumber(ctx.db, clientId, input.number)
    await placeInSegment(ctx.db, segment.id, Number(contact.id), input.member !== false)
    return { data: { ok: true } }
  }),
]
