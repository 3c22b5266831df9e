import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, IdParam, Instant } from "../schemas/common"

/**
 * One customer's data rights (ours, beyond the spec): everything the tenant holds about a contact as one JSON file,
 * and its erasure. The caller types the customer's number to erase, so a wrong click cannot erase anyone.
 */
export const CustomerExport = Schema.Struct({
  /** An opaque reference of the customer (the activity log names erasures by it, never by number). */
  customer_ref: Schema.String,
  exported_at: Instant,
  /** Rows per kind (contact, conversations, messages, calls, orders ...), each row as stored, media with signed links. */
  kinds: Schema.Record(Schema.String, Schema.Array(Schema.Unknown)),
})
export type CustomerExport = typeof CustomerExport.Type

export const CustomerErasure = Schema.Struct({
  customer_ref: Schema.String,
  /** Rows removed (or anonymised, for the ledger) per kind. */
  counts: Schema.Record(Schema.String, Count),
  media_files: Count,
})
export type CustomerErasure = typeof CustomerErasure.Type

export const dataRights = defineGroup(
  "dataRights",
  { title: "A customer's data: export and erasure", permission: "data_rights", beyondSpec: true },
  {
    customerExport: {
      method: "GET",
      path: "/data-rights/customers/{id}/export",
      request: Schema.Struct({ id: IdParam }),
      response: Data(CustomerExport),
    },
    customerErase: {
      method: "POST",
      path: "/data-rights/customers/{id}/erase",
      request: Schema.Struct({ id: IdParam, confirm_number: Schema.String.check(Schema.isMaxLength(64)) }),
      response: Data(CustomerErasure),
    },
  },
)
