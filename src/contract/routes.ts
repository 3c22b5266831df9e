/**
 * The console's route table (spec 000 section 2) and its sidebar. Both sides import it: the console
 * registers and gates its routes from it, the server grants `FRONT:<path>` entries from it.
 */

export interface RouteDef {
  readonly path: string
  /** i18n key of the route's title, under `routes.` */
  readonly key: string
  /** Sidebar group, when the route has a sidebar item (from `sidebarItems`). */
  readonly sidebar?: SidebarGroup
  /** Reachable without an access list (spec 000 "Access rule"). */
  readonly public?: boolean
  /** Reachable while logged out and also while logged in, without a FRONT: entry. */
  readonly auth?: boolean
  /** Drawn in the logged-out pages' own frame, never inside the shell (the login and account pages). */
  readonly authFrame?: boolean
  /** Granted only by a development server (its hooks are off in production), so production consoles never list it. */
  readonly devOnly?: boolean
  /** Held by super admins only, whatever a role says: the platform console, across every business. */
  readonly superAdminOnly?: boolean
  /**
   * A business's own working ground: an agent's desk, its customers' records, its channels' credentials
   * (docs/decisions/super-admin-desk.md). A super admin, who is no business's agent, never holds it.
   */
  readonly tenantOnly?: boolean
}

const r = (path: string, key: string, extra: Omit<RouteDef, "path" | "key" | "sidebar"> = {}): RouteDef => ({ path, key, ...extra })

/** The routes of an agent's desk. */
const DESK = { tenantOnly: true } as const
/** A business's customers, channels and what it sends them (campaigns, template messages): its own, worked by its own people. */
const OWN = { tenantOnly: true } as const

/** The template message route that the spec lists among the public routes. */
export const PUBLIC_TEMPLATE_ROUTE = "/templateMessage-individual-user"

const table: readonly RouteDef[] = [
  // Auth and public
  r("/login", "login", { public: true, authFrame: true }),
  r("/pages/auth/forgot-password", "forgotPassword", { public: true, auth: true, authFrame: true }),
  r("/pages/auth/lock", "lock", { public: true, auth: true, authFrame: true }),
  r("/pages/auth/mail-confirm", "mailConfirm", { public: true, auth: true, authFrame: true }),
  r("/pages/auth/token", "tokenLogin", { public: true, authFrame: true }),
  // Ours: the one-time-code login (feature otp), loaded only when the login page's link is followed.
  r("/login/otp", "otpLogin", { public: true, authFrame: true }),
  r("/pages/auth/reset-password", "resetPassword", { public: true, authFrame: true }),
  // Ours: a business registers itself (feature onboarding), loaded only when the login page's link is followed.
  r("/register", "register", { public: true, authFrame: true }),
  r("/ContactInformationCollection", "contactInformationCollection"),
  // The public form a tenant's customers fill from its signed link (feature contact-form; the tenant may open it too).
  r("/contact-form", "contactForm", { public: true, auth: true, authFrame: true }),
  r("/privacy-policy", "privacyPolicy", { public: true }),
  r("/btw", "btw", { public: true }),
  r("/pagenotfound", "pageNotFound", { public: true }),
  r("/pages/errors/internet-connectivity", "internetConnectivity", { public: true, auth: true }),
  r("/example", "example"),
  // Chat and tickets
  r("/apps/chat", "chat", DESK),
  r("/apps/ongoing", "ongoing", DESK),
  // Not in the spec: the agents' queue (feature routing).
  r("/apps/queue", "routingQueue", DESK),
  r("/apps/inbox", "inbox", DESK),
  r("/apps/ticket-history", "ticketHistory", DESK),
  r("/apps/ticket-ongoing", "ticketOngoing", DESK),
  r("/apps/history", "history", DESK),
  r("/apps/report/ticket", "ticketReport"),
  r("/apps/complain/ticket", "complainTicket", DESK),
  r("/report/complain-tickets-report", "complainTicketsReport"),
  r("/apps/call-history", "callHistory"),
  r("/apps/messages", "messages"),
  // Contacts and messaging
  r("/apps/contacts/all", "contacts", OWN),
  r("/apps/contact-groups", "contactGroups", OWN),
  r("/apps/blocklist", "blocklist", OWN),
  r("/apps/canned-messages", "cannedMessages"),
  r("/apps/sessionMessage", "sessionMessage"),
  r("/apps/flag", "flag"),
  r("/apps/labels", "labels"),
  // Templates
  r("/templateMessage-hsm", "templateMessageHsm"),
  r(PUBLIC_TEMPLATE_ROUTE, "templateMessageIndividualUser", { public: true, ...OWN }),
  r("/apps/current-campaigns", "currentCampaigns", OWN),
  r("/apps/check-number", "checkNumber"),
  r("/apps/clear-number", "clearNumber"),
  // Admin
  r("/apps/permissions", "permissions"),
  r("/apps/roles", "roles"),
  r("/apps/users", "users"),
  r("/apps/profile", "profile"),
  r("/apps/billing", "billing"),
  r("/apps/account-limits", "accountLimits"),
  r("/apps/ip-whitelist", "ipWhitelist"),
  r("/apps/client-webhook", "clientWebhook"),
  // Not in the spec: SLA policies and their report.
  r("/apps/sla-policies", "slaPolicies"),
  r("/apps/blacklist-token", "blacklistToken"),
  r("/apps/otp-providers", "otpProviders"),
  r("/apps/otp-users", "otpUsers"),
  r("/apps/sessions-mau", "sessionsMau"),
  // OTP
  r("/apps/opt", "otp"),
  r("/apps/optReport", "otpReport"),
  r("/apps/otp-logs", "otpLogs"),
  // Company area
  r("/apps/company-forms", "companyForms"),
  r("/apps/company-profile", "companyProfile"),
  r("/apps/dashboard", "appsDashboard"),
  r("/apps/company-details", "companyDetails"),
  r("/apps/addAutoReply", "addAutoReply"),
  // Admin pages
  r("/adminchatbot", "adminChatbot"),
  r("/admin-products", "adminProducts"),
  r("/admin-orders", "adminOrders"),
  r("/fb-catalogues-menu", "fbCataloguesMenu"),
  r("/admin-reminderMessage", "adminReminderMessage"),
  r("/apps/admin-segments", "adminSegments"),
  r("/apps/nearest-location", "nearestLocation"),
  // Channels
  r("/channels", "channels", OWN),
  r("/channels/Whatsapp", "channelWhatsapp", OWN),
  r("/channels/fb-page", "channelFbPage", OWN),
  r("/channels/Instagram", "channelInstagram", OWN),
  r("/channels/sms", "channelSms", OWN),
  r("/channels/webchat-btn", "channelWebchat", OWN),
  r("/channels/fbchannels", "channelFbChannels", OWN),
  r("/channels/fb", "channelFb", OWN),
  // SMS
  r("/sms/send", "smsSend"),
  r("/sms-report", "smsReport"),
  // Reports and dashboards
  // Not in the spec: the super admin's platform dashboard, where a super admin lands.
  r("/platform", "platform", { superAdminOnly: true }),
  r("/dashboard", "intelligence"),
  r("/apps/aht", "aht"),
  r("/apps/serviceLevel", "serviceLevel"),
  r("/report/chat", "chatReport"),
  r("/report/agent-report", "agentReport"),
  r("/report/surveyReport", "customerFeedback"),
  r("/report/customerJourney", "customerJourney"),
  r("/report/chat-hourly", "chatHourly"),
  r("/report/chatbot-Information-oral", "chatbotInformation"),
  r("/reports/segments", "segmentsReport"),
  r("/report/monthly-active-users", "monthlyActiveUsers"),
  r("/report/sub-account-report", "subAccountReport"),
  r("/report/template-messages-report", "templateMessagesReport"),
  r("/reports/agent-average-time", "agentAverageTime"),
  // Calls
  r("/apps/pbxcalls", "pbxCalls", DESK),
  // Not in the spec: the channel simulator, where an admin plays customers. Like every non-public
  // route it is a FRONT key that only the admin role holds; a production server grants it to nobody.
  r("/apps/simulator", "simulator", { devOnly: true }),
]

/**
 * The sidebar's groups in the order the console shows them: spec 000's items (its "Sidebar" listing), regrouped by
 * what a person is after (the dashboards, the company, chat, tickets, templates, contacts, reports, SMS, channels,
 * settings, campaigns, calls, OTP, the catalogue). A group of one item is drawn as that item alone.
 */
export const sidebarOrder = [
  "dashboard",
  "company",
  "chat",
  "inbox",
  "templates",
  "contacts",
  "reports",
  "sms",
  "channels",
  "settings",
  "campaigns",
  "calls",
  "otp",
  "catalogue",
] as const

export type SidebarGroup = (typeof sidebarOrder)[number]

/** Each sidebar group's items in order; sidebar.test.ts holds every item of spec 000's sidebar to one group. */
export const sidebarItems: Readonly<Record<SidebarGroup, readonly string[]>> = {
  dashboard: ["/platform", "/apps/dashboard", "/dashboard"],
  company: ["/apps/company-profile"],
  chat: ["/apps/chat", "/apps/ongoing", "/apps/queue"],
  inbox: [
    "/apps/inbox",
    "/apps/ticket-history",
    "/apps/ticket-ongoing",
    "/apps/history",
    "/apps/report/ticket",
    "/apps/complain/ticket",
    "/report/complain-tickets-report",
    "/apps/call-history",
  ],
  templates: ["/templateMessage-hsm", PUBLIC_TEMPLATE_ROUTE, "/apps/check-number", "/apps/clear-number"],
  contacts: [
    "/apps/contacts/all",
    "/apps/contact-groups",
    "/apps/blocklist",
    "/ContactInformationCollection",
    "/apps/admin-segments",
    "/apps/labels",
    "/apps/flag",
  ],
  reports: [
    "/apps/aht",
    "/apps/serviceLevel",
    "/report/chat",
    "/report/agent-report",
    "/report/surveyReport",
    "/report/customerJourney",
    "/report/chat-hourly",
    "/report/chatbot-Information-oral",
    "/reports/segments",
    "/report/monthly-active-users",
    "/report/sub-account-report",
    "/report/template-messages-report",
    "/reports/agent-average-time",
    "/apps/messages",
  ],
  sms: ["/sms/send", "/sms-report"],
  channels: ["/channels"],
  settings: [
    "/apps/users",
    "/apps/roles",
    "/apps/permissions",
    "/apps/canned-messages",
    "/adminchatbot",
    "/admin-reminderMessage",
    "/apps/sessionMessage",
    "/apps/nearest-location",
    "/apps/client-webhook",
    "/apps/sla-policies",
    "/apps/blacklist-token",
    "/apps/ip-whitelist",
    "/apps/billing",
    "/apps/account-limits",
    "/apps/sessions-mau",
    // Not in the spec: the channel simulator (devOnly), after the spec's items.
    "/apps/simulator",
  ],
  campaigns: ["/apps/current-campaigns"],
  calls: ["/apps/pbxcalls"],
  otp: ["/apps/opt", "/apps/optReport", "/apps/otp-logs", "/apps/otp-providers", "/apps/otp-users"],
  catalogue: ["/fb-catalogues-menu", "/admin-products", "/admin-orders"],
}

/**
 * Screens drawn at more than one address, each alias -> its one canonical address (the console redirects, keeping the
 * query). The canonical one is the address with its own access key and sidebar item; the company area's copies
 * and the channel pages that show the same Facebook pages list lead there.
 */
export const canonicalAddresses: Readonly<Record<string, string>> = {
  "/apps/company-details/CannedReplies": "/apps/canned-messages",
  "/apps/company-details/autoReply": "/adminchatbot",
  "/apps/company-details/mau": "/apps/sessions-mau",
  "/apps/company-details/nearest-location": "/apps/nearest-location",
  "/apps/company-details/reminderMessage": "/admin-reminderMessage",
  "/apps/company-details/segments": "/apps/admin-segments",
  "/apps/company-details/catalouges": "/fb-catalogues-menu",
  "/apps/company-details/products": "/admin-products",
  "/apps/company-details/orders": "/admin-orders",
  "/apps/company-details/templateMessage-hsm": "/templateMessage-hsm",
  "/channels/fb": "/channels/fb-page",
  "/channels/fbchannels": "/channels/fb-page",
}

const tableRoute = (path: string): RouteDef => {
  const route = table.find((candidate) => candidate.path === path)
  if (!route) throw new Error(`sidebar item ${path} is not in the route table`)
  return route
}

/**
 * Every route. The sidebar's come first, group by group, each group in its sidebar order: both sides list a group by
 * filtering this array, so its order is the sidebar's.
 */
export const routes: readonly RouteDef[] = [
  ...sidebarOrder.flatMap((group) => sidebarItems[group].map((path) => ({ ...tableRoute(path), sidebar: group }))),
  ...table.filter((route) => !sidebarOrder.some((group) => sidebarItems[group].includes(route.path))),
]

/** Sub-pages of the company area (spec 000 section 2), opened as `/apps/company-details/<section>`. */
export const companySections = [
  "Profile",
  "Contact",
  "configration",
  "configure-web-hook",
  "Agents",
  "CannedReplies",
  "autoReply",
  "custom_api",
  "Tagsforchatbot",
  "mau",
  "nearest-location",
  "reminderMessage",
  "segments",
  "uat-customer",
  "sms-provider",
  "catalouges",
  "products",
  "orders",
  "templateMessage-hsm",
] as const

/**
 * The company sub-pages that are a business's own settings (its profile and contact, configuration, web hook, API key,
 * chatbot tags, test numbers): like a `tenantOnly` route, a super admin does not hold them. The company area stays
 * theirs for the sub-pages that ask for a business first (Agents, sms-provider) and the screens it links to elsewhere.
 */
export const tenantOnlySections: ReadonlySet<string> = new Set<(typeof companySections)[number]>([
  "Profile",
  "Contact",
  "configration",
  "configure-web-hook",
  "custom_api",
  "Tagsforchatbot",
  "uat-customer",
])

/** Home routes, in order of preference (spec 000 "Access rule"); the platform dashboard, ours, only super admins hold. */
export const HOME_ROUTES = ["/platform", "/apps/dashboard", "/dashboard"] as const
/** The voice-call permission (spec 000 section 2), not a route of its own. */
export const VOICE_CALL_KEY = "FRONT:/channels/whatsapp-call"

export const frontKey = (path: string) => `FRONT:${path}`
export const backKey = (permission: string) => `BACK:${permission}`
