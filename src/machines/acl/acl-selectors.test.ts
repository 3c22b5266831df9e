/**
 * What views read from the ACL gate, read live: Call History's permission (spec 000 section 6), and the super admin,
 * whose screens pick a business and whom the gate keeps off a business's own settings.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { aclMachine } from "./acl-machine"
import { selectMayListCalls, selectSuperAdmin } from "./acl-selectors"
import { decide } from "./decide"

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

  it("names one super admin for the screens that pick a business and for the gate of a business's own settings", () => {
    const gate = createActor(aclMachine, { input: {} }).start()
    const as = (userAcl: Record<string, boolean>) => {
      gate.send({ type: "ACL.SET", userAcl: { "FRONT:/apps/company-details": true, ...userAcl }, backAcl: {} })
      const ownSettings = decide("/apps/company-details/Profile", gate.getSnapshot().context.userAcl).kind === "open"
      return { superAdmin: selectSuperAdmin(gate.getSnapshot()), ownSettings }
    }
    expect(selectSuperAdmin(gate.getSnapshot())).toBe(false)
    expect(as({ "FRONT:/platform": true })).toEqual({ superAdmin: true, ownSettings: false })
    expect(as({ "FRONT:/apps/dashboard": true })).toEqual({ superAdmin: false, ownSettings: true })
    expect(as({ "FRONT:/platform": false })).toEqual({ superAdmin: false, ownSettings: true })
    gate.send({ type: "ACL.CLEAR" })
    expect(selectSuperAdmin(gate.getSnapshot())).toBe(false)
    gate.stop()
  })
})
