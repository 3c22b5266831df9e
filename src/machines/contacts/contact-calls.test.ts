/** The contact book's tools against the contract: each names exactly what its call needs, so a tool is drawn when the server would let it through. */
import { describe, expect, it } from "vitest"
import { allCalls } from "../../contract/catalogue"
import { mayCall } from "../acl/may-call"
import { bulkCalls, contactCallNames, importCall, pickerCalls, segmentsOfContactCall } from "./contact-calls"

const need = (name: string) => {
  const call = allCalls.find((c) => `${c.group}.${c.name}` === name)
  if (!call) throw new Error(`no call ${name} in the contract`)
  return { permission: call.permission, access: call.access }
}

describe("contact book tools", () => {
  it.each(Object.entries(pickerCalls))("picker %s needs what its list call needs", (kind, entry) => {
    expect(entry).toEqual(need(contactCallNames.pickers[kind as keyof typeof pickerCalls]))
  })
  it.each(Object.entries(bulkCalls))("bulk %s needs what its call needs", (kind, entry) => {
    expect(entry).toEqual(need(contactCallNames.bulk[kind as keyof typeof bulkCalls]))
  })
  it("import and a contact's segments need what their calls need", () => {
    expect(importCall).toEqual(need(contactCallNames.import))
    expect(segmentsOfContactCall).toEqual(need(contactCallNames.segmentsOfContact))
  })
  it("offers the limited agent (chat, tickets, contacts, canned replies) no flag, tag, segment or label tool", () => {
    const limited = { "BACK:chat": 1, "BACK:tickets": 1, "BACK:contacts": 1, "BACK:canned_messages": 1 }
    const pickers = Object.entries(pickerCalls).filter(([, entry]) => mayCall(limited, entry))
    expect(pickers.map(([kind]) => kind)).toEqual(["groups"])
    const bulk = Object.entries(bulkCalls).filter(([, entry]) => mayCall(limited, entry))
    expect(bulk.map(([kind]) => kind)).toEqual(["group", "block", "unblock", "export"])
    const admin = { "BACK:contacts": 1, "BACK:flags": 1, "BACK:tagging": 1 }
    expect(Object.values(bulkCalls).every((entry) => mayCall(admin, entry))).toBe(true)
  })
})
