import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Email, Id, List, Month, Ok } from "../schemas/common"
import { MauRow } from "../schemas/tenants"

export const mau = defineGroup(
  "mau",
  { title: "Monthly active users", permission: "mau" },
  {
    /** Every tenant's monthly active users (billing view). */
    messagesMauAdmin: {
      method: "POST",
      path: "/messages/mau/admin",
      request: Schema.Struct({ month: Month, client_id: Schema.optional(Id) }),
      response: List(MauRow),
      access: "superAdmin",
    },
    /** Emails the month's MAU report. */
    sendMailMau: {
      method: "POST",
      path: "/send/mail/mau",
      request: Schema.Struct({ month: Month, email: Email }),
      response: Ok,
    },
    messagesMau: {
      method: "GET",
      path: "/messages/mau",
      request: Schema.Struct({ month: Schema.optional(Month) }),
      response: Data(MauRow),
    },
  },
)
