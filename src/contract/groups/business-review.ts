import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, IdParam, Id, List, Text } from "../schemas/common"
import { Client, RegistrationDocumentRow } from "../schemas/tenants"

/**
 * The super admin's review of a business registration: the spec's catalogue has no call that moves a
 * registration on, so these two are ours. Transitions: submitted -> in_review -> approved | rejected (with a reason).
 */
export const businessReview = defineGroup(
  "businessReview",
  { title: "Business registration review", permission: "businesses", access: "superAdmin", beyondSpec: true },
  {
    reviewRegistration: {
      method: "POST",
      path: "/backend/registration/review",
      request: Schema.Struct({
        client_id: Id,
        to: Schema.Literals(["in_review", "approved", "rejected"]),
        reason: Schema.optional(Text(500)),
      }),
      response: Data(Client),
    },
    registrationDocuments: {
      method: "GET",
      path: "/backend/registration/documents/{client_id}",
      request: Schema.Struct({ client_id: IdParam }),
      response: List(RegistrationDocumentRow),
    },
  },
)
