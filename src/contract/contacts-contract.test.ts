/** The contact book's shapes: segment rules, bulk targets, the import request, reminders. */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { catalogue } from "./catalogue"

const decodes = (schema: Schema.Top, value: unknown) => Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)(value)._tag
const { fetchAllContacts, addCustomers } = catalogue.contacts.calls
const { flagAssign } = catalogue.flags.calls
const { segmentInsert, reminderInsert } = catalogue.tagging.calls

describe("contacts contract", () => {
  it("takes a contact filter with inline segment rules (the editor's live count)", () => {
    const rules = {
      match: "any",
      conditions: [
        { type: "attribute", key: "city", operator: "eq", value: "Istanbul" },
        { type: "tag", id: 3, negate: true },
        { type: "last_message", operator: "after", at: "2026-11-01" },
        { type: "open_ticket", value: true },
        { type: "channel", channel: "sms" },
      ],
    }
    expect(decodes(fetchAllContacts.request, { search: "ay", flag_id: 2, blocked: false, rules, limit: 50 })).toBe("Success")
    expect(decodes(segmentInsert.request, { name: "VIP", rules })).toBe("Success")
    expect(decodes(segmentInsert.request, { name: "VIP", rules: { match: "some", conditions: [] } })).toBe("Failure")
    expect(decodes(segmentInsert.request, { name: "VIP", rules: { match: "all", conditions: [{ type: "age", value: 3 }] } })).toBe(
      "Failure",
    )
  })

  it("assigns a flag to numbers or to all contacts matching a filter", () => {
    expect(decodes(flagAssign.request, { flag_id: 1, numbers: ["905321112233"] })).toBe("Success")
    expect(decodes(flagAssign.request, { flag_id: 1, filter: { group_id: 4 } })).toBe("Success")
    expect(decodes(flagAssign.request, { flag_id: 1, numbers: [] })).toBe("Failure")
  })

  it("uploads a CSV as the raw text/csv body, its options in the query (mapping as JSON, group as text)", () => {
    expect(addCustomers.upload).toEqual({ contentType: "text/csv", maxBytes: 50 * 1024 * 1024 })
    expect(decodes(addCustomers.request, { file_name: "a.csv", default_country: "TR", group_id: "4" })).toBe("Success")
    expect(
      decodes(addCustomers.request, { file_name: "a.csv", mapping: JSON.stringify({ number: "Phone", attributes: { City: "city" } }) }),
    ).toBe("Success")
    expect(decodes(addCustomers.request, { file_name: "a.csv", mapping: "{not json" })).toBe("Failure")
    expect(decodes(addCustomers.request, { file_name: "a.csv", group_id: "0" })).toBe("Failure")
    expect(decodes(addCustomers.request, { file_name: "a.csv", default_country: "tr" })).toBe("Failure")
  })

  it("schedules a reminder to a contact, a group or a segment", () => {
    const schedule = { repeat: "daily", start_at: "2026-11-23T15:00:00Z" }
    const base = { name: "Pay day", message: "Your invoice is due", schedule }
    expect(decodes(reminderInsert.request, { ...base, target: { type: "group", group_id: 2 } })).toBe("Success")
    expect(
      decodes(reminderInsert.request, {
        ...base,
        target: { type: "contact", number: "905321112233" },
        template: { name: "invoice_due", language: "en", params: ["42"] },
      }),
    ).toBe("Success")
    expect(decodes(reminderInsert.request, { ...base, target: { type: "segment" } })).toBe("Failure")
    expect(
      decodes(reminderInsert.request, {
        ...base,
        schedule: { repeat: "daily", start_at: "2026-11-23 15:00" },
        target: { type: "group", group_id: 2 },
      }),
    ).toBe("Failure")
  })
})
