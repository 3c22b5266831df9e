/**
 * A ledger entry's reason: stored as its figures (`billing_ledger.why`, which the console words in the reader's
 * language) and in English words (`reason`, for files, the API and the 402 message). One wording, used by every writer.
 */
import type { LedgerReason } from "../../../src/contract/schemas/billing"

export type { LedgerReason }

const times = (count: number) => (count === 1 ? "" : ` × ${count}`)
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export const reasonText = (why: LedgerReason): string => {
  switch (why.kind) {
    case "template":
      return `template ${why.templates}${times(why.count)}`
    case "templateRefund":
      return `Refund: template ${why.templates}${times(why.count)} refused by the channel`
    case "sms":
      return `SMS: ${plural(why.messages, "message", "messages")}, ${plural(why.parts, "part", "parts")}`
    case "topUp":
      return why.note ?? "Top-up"
    case "adjustment":
      return why.note
  }
}

/** A manual change with its note (a test, an operator's correction). */
export const adjustment = (note: string): LedgerReason => ({ kind: "adjustment", note })
