/**
 * The console's route table (spec 000 section 2) and its sidebar. Both sides import it: the console
 * registers and gates its routes from it, the server grants `FRONT:<path>` entries from it.
 */

export type SidebarGroup = "chat" | "inbox" | "reports" | "sms" | "settings" | "otp" | "main"

export interface RouteDef {
  readonly path: string
  /** i18n key of the route's title, under `routes.` */
  readonly key: string
  /** Sidebar group, when the route has a sidebar item. */
  readonly sidebar?: SidebarGroup
  /** Reachable without an access list (spec 000 "Access rule"). */
  readonly public?: boolean
  /** Reachable while logged out and also while logged in, without a FRONT: entry. */
  readonly auth?: boolean
  /** Granted only by a development server (its hooks are off in production), so production consoles never list it. */
  readonly devOnly?: boolean
}

const r = (path: string, key: string, extra: Omit<RouteDef, "path" | "key"> = {}): RouteDef => ({ path, key, ...extra })

/** The template message route that the spec lists among the public routes. */
export const PUBLIC_TEMPLATE_ROUTE = "/templateMessage-individual-user"

export const routes: readonly RouteDef[] = [
  // Auth and public
  r("/login", "login", { public: true }),
  r("/pages/auth/forgot-password", "forgotPassword", { public: true, auth: true }),
  r("/pages/auth/lock", "lock", { public: true, auth: true }),
  r("/pages/auth/mail-confirm", "mailConfirm", { public: true, auth: true }),
  r("/pages/auth/token", "tokenLogin", { public: true }),
  r("/pages/auth/reset-password", "resetPassword", { public: true }),
  r("/ContactInformationCollection", "contactInformationCollection", { sidebar: "main" }),
  r("/privacy-policy", "privacyPolicy", { public: true }),
  r("/btw", "btw", { public: true }),
  r("/pagenotfound", "pageNotFound", { public: true }),
  r("/pages/errors/internet-connectivity", "internetConnectivity", { public: true, auth: true }),
  r("/example", "example"),
  // Chat and tickets
  r("/apps/chat", "chat", { sidebar: "chat" }),
  r("/apps/ongoing", "ongoing", { sidebar: "chat" }),
  r("/apps/inbox", "inbox", { sidebar: "inbox" }),
  r("/apps/ticket-history", "ticketHistory", { sidebar: "inbox" }),
  r("/apps/ticket-ongoing", "ticketOngoing", { sidebar: "inbox" }),
  r("/apps/history", "history", { sidebar: "inbox" }),
  r("/apps/report/ticket", "ticketReport", { sidebar: "inbox" }),
  r("/apps/complain/ticket", "complainTicket", { sidebar: "inbox" }),
  r("/report/complain-tickets-report", "complainTicketsReport", { sidebar: "inbox" }),
  r("/apps/call-history", "callHistory", { sidebar: "inbox" }),
  r("/apps/messages", "messages", { sidebar: "reports" }),
  // Contacts and messaging
  r("/apps/contacts/all", "contacts", { sidebar: "main" }),
  r("/apps/contact-groups", "contactGroups"),
  r("/apps/blocklist", "blocklist"),
  r("/apps/canned-messages", "cannedMessages", { sidebar: "settings" }),
  r("/apps/sessionMessage", "sessionMessage", { sidebar: "settings" }),
  r("/apps/flag", "flag", { sidebar: "settings" }),
  r("/apps/labels", "labels", { sidebar: "settings" }),
  // Templates
  r("/templateMessage-hsm", "templateMessageHsm", { sidebar: "main" }),
  r(PUBLIC_TEMPLATE_ROUTE, "templateMessageIndividualUser", { sidebar: "settings", public: true }),
  r("/apps/current-campaigns", "currentCampaigns", { sidebar: "main" }),
  r("/apps/check-number", "checkNumber", { sidebar: "settings" }),
  r("/apps/clear-number", "clearNumber", { sidebar: "settings" }),
  // Admin
  r("/apps/permissions", "permissions", { sidebar: "settings" }),
  r("/apps/roles", "roles", { sidebar: "settings" }),
  r("/apps/users", "users", { sidebar: "settings" }),
  r("/apps/profile", "profile"),
  r("/apps/billing", "billing", { sidebar: "settings" }),
  r("/apps/account-limits", "accountLimits", { sidebar: "settings" }),
  r("/apps/ip-whitelist", "ipWhitelist", { sidebar: "settings" }),
  r("/apps/client-webhook", "clientWebhook", { sidebar: "settings" }),
  r("/apps/blacklist-token", "blacklistToken", { sidebar: "settings" }),
  r("/apps/otp-providers", "otpProviders", { sidebar: "otp" }),
  r("/apps/otp-users", "otpUsers", { sidebar: "otp" }),
  r("/apps/sessions-mau", "sessionsMau", { sidebar: "settings" }),
  // OTP
  r("/apps/opt", "otp", { sidebar: "main" }),
  r("/apps/optReport", "otpReport", { sidebar: "main" }),
  r("/apps/otp-logs", "otpLogs", { sidebar: "reports" }),
  // Company area
  r("/apps/company-forms", "companyForms"),
  r("/apps/company-profile", "companyProfile", { sidebar: "main" }),
  r("/apps/dashboard", "appsDashboard", { sidebar: "main" }),
  r("/apps/company-details", "companyDetails"),
  r("/apps/addAutoReply", "addAutoReply"),
  // Admin pages
  r("/adminchatbot", "adminChatbot", { sidebar: "settings" }),
  r("/admin-products", "adminProducts"),
  r("/admin-orders", "adminOrders"),
  r("/fb-catalogues-menu", "fbCataloguesMenu", { sidebar: "main" }),
  r("/admin-reminderMessage", "adminReminderMessage", { sidebar: "settings" }),
  r("/apps/admin-segments", "adminSegments", { sidebar: "settings" }),
  r("/apps/nearest-location", "nearestLocation", { sidebar: "main" }),
  // Channels
  r("/channels", "channels", { sidebar: "main" }),
  r("/channels/Whatsapp", "channelWhatsapp"),
  r("/channels/fb-page", "channelFbPage"),
  r("/channels/Instagram", "channelInstagram"),
  r("/channels/sms", "channelSms"),
  r("/channels/webchat-btn", "channelWebchat"),
  r("/channels/fbchannels", "channelFbChannels"),
  r("/channels/fb", "channelFb"),
  // SMS
  r("/sms/send", "smsSend", { sidebar: "sms" }),
  r("/sms-report", "smsReport", { sidebar: "sms" }),
  // Reports and dashboards
  r("/dashboard", "intelligence", { sidebar: "main" }),
  r("/apps/aht", "aht", { sidebar: "reports" }),
  r("/apps/serviceLevel", "serviceLevel", { sidebar: "reports" }),
  r("/report/chat", "chatReport", { sidebar: "reports" }),
  r("/report/agent-report", "agentReport", { sidebar: "reports" }),
  r("/report/surveyReport", "customerFeedback", { sidebar: "reports" }),
  r("/report/customerJourney", "customerJourney", { sidebar: "reports" }),
  r("/report/chat-hourly", "chatHourly", { sidebar: "reports" }),
  r("/report/chatbot-Information-oral", "chatbotInformation", { sidebar: "reports" }),
  r("/reports/segments", "segmentsReport", { sidebar: "reports" }),
  r("/report/monthly-active-users", "monthlyActiveUsers", { sidebar: "reports" }),
  r("/report/sub-account-report", "subAccountReport", { sidebar: "reports" }),
  r("/report/template-messages-report", "templateMessagesReport", { sidebar: "reports" }),
  r("/reports/agent-average-time", "agentAverageTime", { sidebar: "reports" }),
  // Calls
  r("/apps/pbxcalls", "pbxCalls", { sidebar: "main" }),
  // Not in the spec: the channel simulator (issues 6 and 8), where an admin plays customers. Like every non-public
  // route it is a FRONT key that only the admin role holds; a production server grants it to nobody.
  r("/apps/simulator", "simulator", { sidebar: "settings", devOnly: true }),
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

/** Home routes, in order of preference (spec 000 "Access rule"). */
export const HOME_ROUTES = ["/apps/dashboard", "/dashboard"] as const
/** The voice-call permission (spec 000 section 2), not a route of its own. */
export const VOICE_CALL_KEY = "FRONT:/channels/whatsapp-call"

export const sidebarOrder: readonly SidebarGroup[] = ["main", "chat", "inbox", "reports", "sms", "settings", "otp"]

export const frontKey = (path: string) => `FRONT:${path}`
export const backKey = (permission: string) => `BACK:${permission}`
