/** What views read from the ACL gate (Call History's permission, spec 000 section 6), read live. */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { aclMachine } from "./acl-machine"
import { selectMayListCalls } from "./acl-selectors"

describe("acl selectors", () => {
  it("Call History lists calls only with BACK:whatsapp_calls equal to 1", () => {
    const gate = createActor(aclMachine, { input: {} }).start()
    const may = (backAcl: Record<string, unknown>) => {
      gate.send({ type: "ACL.SET", userAcl: {}, backAcl })
      return selectMayListCalls(gate.getSnapshot())
    }
    expect(selectMayListCalls(gate.getSnapshot())).toBe(false)
    expect(may({ "BACK:whatsapp_calls": 1 })).toBe(true)
    expect(may({ "BACK:whatsapp_calls": true })).toBe(false)
    expect(may({ "BACK:whatsapp_calls": "1" })).toBe(false)
    expect(may({ "BACK:calls": 1 })).toBe(false)
    expect(may({})).toBe(false)
    gate.send({ type: "ACL.SET", userAcl: {}, backAcl: { "BACK:whatsapp_calls": 1 } })
    gate.send({ type: "ACL.CLEAR" })
    expect(selectMayListCalls(gate.getSnapshot())).toBe(false)
    gate.stop()
  })
})
