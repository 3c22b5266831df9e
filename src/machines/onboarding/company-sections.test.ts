/** The landing's sub-pages: every one listed once, each held to the permission of a call its screen makes. */
import { describe, expect, it } from "vitest"
import { catalogue } from "../../contract/catalogue"
import { companySections } from "../../contract/routes"
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
      expect(call.access, section).toBe("tenant")
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
})
