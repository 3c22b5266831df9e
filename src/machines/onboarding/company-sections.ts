/**
 * The company area's landing (/apps/company-details): the sub-pages a person may open. Each sub-page shows only with
 * the back-end permission of the calls its screen makes (company-sections.test.ts holds each to its call in the
 * contract), so nobody is offered a page whose every call would be refused. Kept as strings here, not read from the
 * contract, so the landing's chunk does not carry every group's schemas.
 */
import type { companySections } from "../../contract/routes"
import type { AclSnapshot } from "../acl/acl-selectors"
import { hasBackPermission } from "../acl/acl-machine"
import { isSectionGranted } from "../acl/decide"

export type CompanySection = (typeof companySections)[number]

/** Each sub-page in the landing's order, with the permission its screen's calls need. */
export const SECTION_PERMISSIONS: readonly (readonly [CompanySection, string])[] = [
  ["Profile", "client_settings"],
  ["Contact", "client_settings"],
  ["configration", "client_settings"],
  ["configure-web-hook", "client_settings"],
  ["custom_api", "client_settings"],
  ["Agents", "users"],
  ["CannedReplies", "canned_messages"],
  ["autoReply", "chatbots"],
  ["Tagsforchatbot", "tagging"],
  ["reminderMessage", "tagging"],
  ["segments", "tagging"],
  ["mau", "mau"],
  ["nearest-location", "locations"],
  ["uat-customer", "uat"],
  ["sms-provider", "sms"],
  ["catalouges", "catalogues"],
  ["products", "catalogues"],
  ["orders", "orders"],
  ["templateMessage-hsm", "templates"],
]

/** The sub-pages the signed-in person may open, in order: a super admin is not offered a business's own settings. */
export const selectCompanySections = (snapshot: AclSnapshot): readonly CompanySection[] => {
  const acl = snapshot.context.userAcl
  return SECTION_PERMISSIONS.filter(
    ([section, permission]) => hasBackPermission(snapshot.context.backAcl, permission) && (!acl || isSectionGranted(acl, section)),
  ).map(([section]) => section)
}
