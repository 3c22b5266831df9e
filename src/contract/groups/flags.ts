import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty, Id, IdParam, List, ListQuery, Ok, Paged, CustomerNumbers, optionalFields } from "../schemas/common"
import { Contact } from "../schemas/contacts"
import { Flag, FlagInput } from "../schemas/tagging"

const Assignment = Schema.Struct({ flag_id: Id, numbers: CustomerNumbers(1000) })

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
    flagAssign: { method: "POST", path: "/backend/flag/assign", request: Assignment, response: Ok },
    flagUnassign: { method: "POST", path: "/backend/flag/unassign", request: Assignment, response: Ok },
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
