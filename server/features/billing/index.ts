/** The public module of the billing feature: what other features may use of it. */
export { CURRENCY, balanceOf, credit, debitAllUnlessUat, debitIncurredUnlessUat, ensureCovers } from "./ledger"
export type { Entry } from "./ledger"
export { adjustment, reasonText, type LedgerReason } from "./ledger-reason"
