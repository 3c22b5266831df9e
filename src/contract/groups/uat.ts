import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Id, ListQuery, Name, Paged, Phone } from "../schemas/common"
import { UatCustomer } from "../schemas/tenants"

export const uat = defineGroup(
  "uat",
  { title: "UAT customers", permission: "uat" },
  {
    fetchUatCustomer: {
      method: "POST",
      path: "/fetch/uat/customer",
      request: Schema.Struct(ListQuery),
      response: Paged(UatCustomer),
    },
    addUatCustomer: {
      method: "POST",
      path: "/add/uat/customer",
      request: Schema.Struct({ number: Phone, name: Schema.optional(Name(120)) }),
      response: Data(UatCustomer),
    },
    updateUatCustomer: {
      method: "POST",
      path: "/update/uat/customer",
      request: Schema.Struct({ id: Id, name: Schema.optional(Name(120)), active: Schema.optional(Schema.Boolean) }),
      response: Data(UatCustomer),
    },
  },
)
