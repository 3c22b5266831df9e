/**
 * The super-admin `/admin` forms of the template group's calls (templates.ts, templates-campaigns.ts): they act on a
 * tenant named in the body, where the tenant forms act on the caller's own.
 */
import { Schema } from "effect"
import { Id } from "../schemas/common"

export const ForClient = { client_id: Id }
export const AnyClient = { client_id: Schema.optional(Id) }
export const admin = { access: "superAdmin" } as const
