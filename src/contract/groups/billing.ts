import { Schema } from "effect"
import { defineGroup } from "../call"
import { Count, Data, Empty, Id, List, ListQuery } from "../schemas/common"
import { BillingAccount, CreditLimitInput, LedgerEntry, TopUpInput } from "../schemas/billing"

/**
 * Billing beyond the spec (which has only `/get/client/balance`): the ledger behind the balance, and the super admin's
 * top-ups and credit allowance. Every entry is one row of `billing_ledger` with its running balance.
 */
export const billing = defineGroup(
  "billing",
  { title: "Billing ledger and top-ups", permission: "billing", beyondSpec: true },
  {
    /** The caller's tenant's account and its ledger, newest first (a super admin may name a tenant). */
    getBillingLedger: {
      method: "POST",
      path: "/billing/ledger",
      request: Schema.Struct({ ...ListQuery, client_id: Schema.optional(Id) }),
      response: Data(
        Schema.Struct({ account: BillingAccount, items: Schema.Array(LedgerEntry), totalItems: Count, page: Count, limit: Count }),
      ),
    },
    /** Every tenant's account (super admin). */
    billingAccounts: { method: "POST", path: "/billing/accounts", request: Empty, response: List(BillingAccount), access: "superAdmin" },
    /** A credit to a tenant's balance (super admin). */
    billingTopUp: { method: "POST", path: "/billing/topup", request: TopUpInput, response: Data(LedgerEntry), access: "superAdmin" },
    /** How far below zero a tenant's balance may go (super admin; 0: never). */
    billingCreditLimit: {
      method: "POST",
      path: "/billing/credit-limit",
      request: CreditLimitInput,
      response: Data(BillingAccount),
      access: "superAdmin",
    },
  },
)
