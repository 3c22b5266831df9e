/** The landing's sub-pages: every one listed once, each held to the permission of a call its screen makes. */
import { describe, expect, it } from "vitest"
import { catalogue } from "../../contract/catalogue"
import { companySections, tenantOnlySections } from "../../contract/routes"
import { decide } from "../acl/decide"
import { SECTION_PERMISSIONS, selectCompanySections } from "./company-sections"
import type { AclSnapshot } from "../acl/acl-selectors"

/** A call each sub-page's screen makes. */
const CALL_OF: Record<string, readonly [keyof typeof catalogue, string]> = {
  Profile: ["company", "fetchOwnClient"],
  Contact: ["onboarding", "clientUpdate"],
  configration: ["onboarding", "clientAllsettings"],
  "configure-web-hook": ["onboarding", "getWebhook"],
  custom_api: ["company", "apiKeyState"],
  Agents: ["businesses", "clientAgentsPaginated"],
  CannedReplies: ["cannedMessages", "fetchListCannedMessages"],
  autoReply: ["chatbots", "createAutoreply"],
  Tagsforchatbot: ["tagging", "tags"],
  reminderMessage: ["tagging", "reminders"],
  segments: ["tagging", "segments"],
  mau: ["mau", "messagesMau"],
  "nearest-location": ["locations", "fetchClientLocations"],
  "uat-customer": ["uat", "fetchUatCustomer"],
  "sms-provider": ["sms", "smsClientMaskingAll"],
  catalouges: ["catalogues", "catalogues"],
  products: ["catalogues", "products"],
  orders: ["chatbots", "orders"],
  "templateMessage-hsm": ["templates", "templateMessageFetch"],
}

const aclWith = (...permissions: string[]) =>
  ({ context: { backAcl: Object.fromEntries(permissions.map((p) => [`BACK:${p}`, 1])) } }) as unknown as AclSnapshot

/** A user holding the company area and the given front keys, with every sub-page's permission. */
const withFront = (...paths: string[]) => {
  const userAcl = Object.fromEntries(["/apps/company-details", ...paths].map((path) => [`FRONT:${path}`, true]))
  const backAcl = Object.fromEntries(SECTION_PERMISSIONS.map(([, permission]) => [`BACK:${permission}`, 1]))
  return { userAcl, snapshot: { context: { backAcl, userAcl } } as unknown as AclSnapshot }
}

describe("company sections", () => {
  it("lists every sub-page of spec 000 once", () => {
    expect(SECTION_PERMISSIONS.map(([section]) => section).sort()).toEqual([...companySections].sort())
  })

  it("asks for the permission of the calls each sub-page's screen makes", () => {
    for (const [section, permission] of SECTION_PERMISSIONS) {
      const [group, name] = CALL_OF[section]
      const call = (catalogue[group].calls as Record<string, { permission: string | null; access: string }>)[name]
      expect(call, `${section}: ${group}.${name}`).toBeDefined()
      expect(call.permission, section).toBe(permission)
      // A business's own settings may be refused to a super admin; nothing a tenant's admin opens is super-admin only.
      expect(call.access, section).toBe(tenantOnlySections.has(section) ? call.access : "tenant")
      expect(call.access, section).not.toBe("superAdmin")
    }
  })

  it("offers only what the person holds", () => {
    expect(selectCompanySections(aclWith("users"))).toEqual(["Agents"])
    expect(selectCompanySections(aclWith("client_settings"))).toEqual([
      "Profile",
      "Contact",
      "configration",
      "configure-web-hook",
      "custom_api",
    ])
    expect(selectCompanySections(aclWith())).toEqual([])
  })

  it("keeps a business's own settings from the super admin, in the landing and at the gate", () => {
    const superAdmin = withFront("/platform", "/apps/dashboard")
    const offered = selectCompanySections(superAdmin.snapshot)
    expect(offered).toContain("Agents")
    expect(offered).toContain("sms-provider")
    for (const section of ["custom_api", "Profile", "configration"]) {
      expect(offered, section).not.toContain(section)
      expect(decide(`/apps/company-details/${section}`, superAdmin.userAcl)).toMatchObject({ kind: "redirect", to: "/platform" })
    }
    expect(decide("/apps/company-details/sms-provider", superAdmin.userAcl)).toMatchObject({ kind: "open", section: "sms-provider" })
    const admin = withFront("/apps/dashboard")
    expect(selectCompanySections(admin.snapshot)).toContain("custom_api")
    expect(decide("/apps/company-details/custom_api", admin.userAcl)).toMatchObject({ kind: "open", section: "custom_api" })
  })
})
