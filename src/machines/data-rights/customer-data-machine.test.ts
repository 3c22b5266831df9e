/** A customer's data rights on the contact page, model-based: export, and erasure only once the number is typed. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { confirms, customerDataMachine } from "./customer-data-machine"

const customer = { id: 5, number: "+905550000005" }
const exported = { filename: "customer-cust_1.json", content: "{}", mime: "application/json" }
const erasure = { customer_ref: "cust_1", counts: { contact: 1, messages: 3 }, media_files: 1 }
const refused = { status: 403, code: "FORBIDDEN", message: "no data_rights permission" }

checkModel({
  name: "customer data",
  machine: customerDataMachine,
  sources: ["exportCustomer", "eraseCustomer"],
  states: ["idle", "exporting", "asking", "erasing", "erased"],
  events: [
    { type: "CUSTOMER", customer },
    { type: "EXPORT" },
    { type: "xstate.done.actor.exportCustomer", output: exported },
    { type: "xstate.error.actor.exportCustomer", error: refused },
    { type: "DOWNLOAD.SAVED" },
    { type: "ERASE.ASK" },
    { type: "CONFIRM.TYPE", text: "+90555" },
    { type: "CONFIRM.TYPE", text: ` ${customer.number} ` },
    { type: "ERASE.CONFIRM" },
    { type: "ERASE.CANCEL" },
    { type: "xstate.done.actor.eraseCustomer", output: erasure },
    { type: "xstate.error.actor.eraseCustomer", error: refused },
    { type: "DONE" },
  ],
  stories: [
    [
      { type: "CUSTOMER", customer },
      { type: "EXPORT" },
      { type: "xstate.done.actor.exportCustomer", output: exported },
      { type: "DOWNLOAD.SAVED" },
      { type: "ERASE.ASK" },
      { type: "CONFIRM.TYPE", text: "+90555" },
      { type: "ERASE.CANCEL" },
    ],
    [
      { type: "CUSTOMER", customer },
      { type: "ERASE.ASK" },
      { type: "CONFIRM.TYPE", text: "+90555" },
      { type: "ERASE.CONFIRM" },
      { type: "CONFIRM.TYPE", text: customer.number },
      { type: "ERASE.CONFIRM" },
      { type: "xstate.error.actor.eraseCustomer", error: refused },
      { type: "ERASE.CONFIRM" },
      { type: "xstate.done.actor.eraseCustomer", output: erasure },
      { type: "DONE" },
      { type: "EXPORT" },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.customer !== null,
    s.context.download !== null,
    s.context.failure !== null,
    s.context.typed.trim() === customer.number,
  ],
  view: (s) => ({
    value: s.value,
    customer: s.context.customer,
    typed: s.context.typed,
    download: s.context.download && { ...s.context.download, id: 0 },
    erased: s.context.erased,
    failure: s.context.failure,
  }),
})

describe("erase confirmation", () => {
  it("takes only the customer's number, spaces around it aside", () => {
    expect(confirms(" +905550000005 ", "+905550000005")).toBe(true)
    expect(confirms("905550000005", "+905550000005")).toBe(false)
    expect(confirms("", "+905550000005")).toBe(false)
  })
})
