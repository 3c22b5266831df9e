import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, Id, IdParam, List, ListQuery, Paged, optionalFields } from "../schemas/common"
import { BulkResult, Contact, ContactTargetFields } from "../schemas/contacts"
import { Flag, FlagInput } from "../schemas/tagging"

/** The selected numbers, or `filter`: every contact matching it (exactly one of the two). */
const Assignment = Schema.Struct({ flag_id: Id, ...ContactTargetFields })

export const flags = defineGroup(
  "flags",
  { title: "Flags", permission: "flags" },
  {
    flagFetch: {
      method: "POST",
      path: "/backend/flag/fetch",
      request: Schema.Struct(ListQuery),
      response: Paged(Flag),
    },
    flagCreate: {
      method: "POST",
      path: "/backend/flag/create",
      request: Schema.Struct(FlagInput),
      response: Data(Flag),
    },
    /** Every flag of the tenant, for pickers. */
    flagClient: { method: "POST", path: "/backend/flag/client", request: Empty, response: List(Flag) },
    flagAssign: { method: "POST", path: "/backend/flag/assign", request: Assignment, response: BulkResult },
    flagUnassign: { method: "POST", path: "/backend/flag/unassign", request: Assignment, response: BulkResult },
    flagCustomers: {
      method: "POST",
      path: "/backend/flag/customers",
      request: Schema.Struct({ ...ListQuery, flag_id: Id }),
      response: Paged(Contact),
    },
    flagUpdateById: {
      method: "PUT",
      path: "/backend/flag/update/{id}",
      request: Schema.Struct({ id: IdParam, ...optionalFields(FlagInput) }),
      response: Data(Flag),
    },
  },
)
