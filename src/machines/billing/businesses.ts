/** The businesses a super admin's forms pick from: the billing accounts (one per business), as id and name. */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"

export interface Business {
  readonly id: number
  readonly name: string
}

export const loadBusinesses = fromEffect(() =>
  Effect.gen(function* () {
    const accounts = (yield* (yield* Api).call("billing", "billingAccounts", {})).data
    return accounts.map((a): Business => ({ id: a.client_id, name: a.client_name }))
  }),
)
