/** The console's "may this person call X" against the server's rule (server/http/access.ts). */
import { describe, expect, it } from "vitest"
import { mayCall } from "./may-call"

const tenantAdmin = { "BACK:contacts": 1, "BACK:flags": 1 }
const superAdmin = { "BACK:businesses": 1 }

describe("mayCall", () => {
  it("lets a call through with its permission exactly 1, or with none needed", () => {
    expect(mayCall(tenantAdmin, { permission: "flags", access: "tenant" })).toBe(true)
    expect(mayCall(tenantAdmin, { permission: "tagging", access: "tenant" })).toBe(false)
    expect(mayCall({ "BACK:tagging": true }, { permission: "tagging", access: "tenant" })).toBe(false)
    expect(mayCall({}, { permission: null, access: "tenant" })).toBe(true)
  })
  it("keeps super-admin calls to the super admin, who holds every permission", () => {
    expect(mayCall(tenantAdmin, { permission: null, access: "superAdmin" })).toBe(false)
    expect(mayCall(superAdmin, { permission: null, access: "superAdmin" })).toBe(true)
    expect(mayCall(superAdmin, { permission: "tagging", access: "tenant" })).toBe(true)
  })
  it("keeps a business's own calls from the super admin, and lets its people make them", () => {
    expect(mayCall(superAdmin, { permission: "flags", access: "business" })).toBe(false)
    expect(mayCall(tenantAdmin, { permission: "flags", access: "business" })).toBe(true)
    expect(mayCall(tenantAdmin, { permission: "tagging", access: "business" })).toBe(false)
  })
})
