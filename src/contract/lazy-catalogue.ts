/**
 * The catalogue as the console loads it: the groups the login page and the logged-in frame's first paint call (auth,
 * layout) come with the login route; every other group is its own chunk, loaded with the screens of the features that
 * name it (`Feature.calls`, src/app/feature.ts) or, failing that, at its first call. The definitions themselves stay in
 * src/contract/groups/*.ts, and the type below makes this list name every group of `catalogue.ts` with its exact
 * type, so callers keep the fully typed `call`. The server, the coverage tool and the tests import `catalogue.ts`.
 */
import type { Catalogue, GroupKey } from "./catalogue"
import { auth } from "./groups/auth"
import { layout } from "./groups/layout"

/** The groups the login route carries: the login page's and the logged-in frame's first paint's. */
export const loginRouteGroups: readonly GroupKey[] = [auth.key, layout.key]

export type GroupLoaders = { readonly [G in GroupKey]: () => Promise<Catalogue[G]> }

export const groupLoaders: GroupLoaders = {
  auth: () => Promise.resolve(auth),
  layout: () => Promise.resolve(layout),
  dashboard: () => import("./groups/dashboard").then((m) => m.dashboard),
  roles: () => import("./groups/roles").then((m) => m.roles),
  permissions: () => import("./groups/permissions").then((m) => m.permissions),
  users: () => import("./groups/users").then((m) => m.users),
  agentGroups: () => import("./groups/agent-groups").then((m) => m.agentGroups),
  cannedMessages: () => import("./groups/canned-messages").then((m) => m.cannedMessages),
  contacts: () => import("./groups/contacts").then((m) => m.contacts),
  conversationTemplates: () => import("./groups/conversation-templates").then((m) => m.conversationTemplates),
  uploads: () => import("./groups/uploads").then((m) => m.uploads),
  chat: () => import("./groups/chat").then((m) => m.chat),
  tickets: () => import("./groups/tickets").then((m) => m.tickets),
  complaints: () => import("./groups/complaints").then((m) => m.complaints),
  campaigns: () => import("./groups/campaigns").then((m) => m.campaigns),
  templates: () => import("./groups/templates").then((m) => m.templates),
  reports: () => import("./groups/reports").then((m) => m.reports),
  otp: () => import("./groups/otp").then((m) => m.otp),
  locations: () => import("./groups/locations").then((m) => m.locations),
  onboarding: () => import("./groups/onboarding").then((m) => m.onboarding),
  businesses: () => import("./groups/businesses").then((m) => m.businesses),
  businessReview: () => import("./groups/business-review").then((m) => m.businessReview),
  company: () => import("./groups/company").then((m) => m.company),
  dataRights: () => import("./groups/data-rights").then((m) => m.dataRights),
  transcripts: () => import("./groups/transcripts").then((m) => m.transcripts),
  callRecordings: () => import("./groups/call-recordings").then((m) => m.callRecordings),
  scheduledSends: () => import("./groups/scheduled-sends").then((m) => m.scheduledSends),
  sla: () => import("./groups/sla").then((m) => m.sla),
  routing: () => import("./groups/routing").then((m) => m.routing),
  platform: () => import("./groups/platform").then((m) => m.platform),
  chatbots: () => import("./groups/chatbots").then((m) => m.chatbots),
  flags: () => import("./groups/flags").then((m) => m.flags),
  mau: () => import("./groups/mau").then((m) => m.mau),
  catalogues: () => import("./groups/catalogues").then((m) => m.catalogues),
  channels: () => import("./groups/channels").then((m) => m.channels),
  metaLogins: () => import("./groups/meta-logins").then((m) => m.metaLogins),
  webchat: () => import("./groups/webchat").then((m) => m.webchat),
  tagging: () => import("./groups/tagging").then((m) => m.tagging),
  uat: () => import("./groups/uat").then((m) => m.uat),
  sms: () => import("./groups/sms").then((m) => m.sms),
  blacklist: () => import("./groups/blacklist").then((m) => m.blacklist),
  security: () => import("./groups/security").then((m) => m.security),
  pbx: () => import("./groups/pbx").then((m) => m.pbx),
  webhooks: () => import("./groups/webhooks").then((m) => m.webhooks),
  billing: () => import("./groups/billing").then((m) => m.billing),
  ipWhitelist: () => import("./groups/ip-whitelist").then((m) => m.ipWhitelist),
  otpSettings: () => import("./groups/otp-settings").then((m) => m.otpSettings),
  templateTools: () => import("./groups/template-tools").then((m) => m.templateTools),
  productImport: () => import("./groups/product-import").then((m) => m.productImport),
  chatProducts: () => import("./groups/chat-products").then((m) => m.chatProducts),
}

/** Loads the groups (once each; a module is imported once) so that their first calls do not wait for them. */
export const loadGroups = (keys: readonly GroupKey[]): Promise<void> =>
  Promise.all(keys.map((key) => groupLoaders[key]())).then(() => undefined)
