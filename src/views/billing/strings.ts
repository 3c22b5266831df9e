/** Strings of the billing screen (merged under `billing`). */
export const billingEn = {
  title: "Billing",
  subtitle: "Your balance and every credit and debit, with the balance after each.",
  refresh: "Refresh",
  balance: "Balance",
  credit: "Credit allowed down to -{{amount}}",
  noCredit: "The balance cannot go below zero.",
  empty: "No entries yet.",
  date: "Date",
  reason: "What for",
  amount: "Amount",
  after: "Balance after",
  by: "By",
  system: "System",
}
