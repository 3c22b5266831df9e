/** Strings of a customer's data rights (merged under `dataRights`). */
export const dataRightsEn = {
  title: "Customer data",
  export: "Export data",
  exporting: "Preparing the file…",
  exported: "The customer's data was downloaded.",
  erase: "Erase customer",
  eraseTitle: "Erase this customer?",
  eraseText:
    "Everything held about {{number}} is deleted for good: the contact, conversations, messages and their files, calls, orders, SMS, OTP, tickets and complaints. Billing keeps its amounts without the number. This cannot be undone.",
  typeNumber: "Type the customer's number to confirm",
  eraseConfirm: "Erase for good",
  cancel: "Cancel",
  erasing: "Erasing…",
  erased: "The customer was erased ({{rows}} records, {{files}} files).",
  failed: "It did not work: {{message}}",
}
