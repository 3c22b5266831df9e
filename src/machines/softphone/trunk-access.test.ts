/** The SIP trunk form's permission, read live from the ACL gate. */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { aclMachine } from "../acl/acl-machine"
import { selectMaySetPbxTrunk } from "./trunk-access"

describe("trunk access", () => {
  it("offers the SIP trunk form only with pbx.setPbxTrunk's permission (BACK:client_settings = 1)", () => {
    const gate = createActor(aclMachine, { input: {} }).start()
    expect(selectMaySetPbxTrunk(gate.getSnapshot())).toBe(false)
    gate.send({ type: "ACL.SET", userAcl: {}, backAcl: { "BACK:client_settings": 1 } })
    expect(selectMaySetPbxTrunk(gate.getSnapshot())).toBe(true)
    gate.send({ type: "ACL.SET", userAcl: {}, backAcl: { "BACK:whatsapp_calls": 1 } })
    expect(selectMaySetPbxTrunk(gate.getSnapshot())).toBe(false)
    gate.stop()
  })
})
