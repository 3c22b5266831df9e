/**
 * A Blueprint icon per sidebar route, no two alike (route-icons.test.ts checks it), so a folded sidebar still tells
 * its items apart. Only looks; the icons load together (src/views/common/shell-icons.ts lists them).
 */
const icons: Readonly<Record<string, string>> = {
  // Dashboards and the company
  "/platform": "globe",
  "/apps/dashboard": "dashboard",
  "/dashboard": "lightbulb",
  "/apps/company-profile": "office",
  // Chat
  "/apps/chat": "chat",
  "/apps/ongoing": "comment",
  "/apps/queue": "numbered-list",
  // Tickets inbox
  "/apps/inbox": "inbox",
  "/apps/ticket-history": "history",
  "/apps/ticket-ongoing": "time",
  "/apps/history": "archive",
  "/apps/report/ticket": "document-open",
  "/apps/complain/ticket": "issue",
  "/report/complain-tickets-report": "issue-new",
  "/apps/call-history": "phone-call",
  // Templates
  "/templateMessage-hsm": "document",
  "/templateMessage-individual-user": "document-share",
  "/apps/check-number": "endorsed",
  "/apps/clear-number": "eraser",
  // Contacts
  "/apps/contacts/all": "people",
  "/apps/contact-groups": "group-objects",
  "/apps/blocklist": "blocked-person",
  "/ContactInformationCollection": "id-number",
  "/apps/admin-segments": "layers",
  "/apps/labels": "tag",
  "/apps/flag": "flag",
  // Reports
  "/apps/aht": "stopwatch",
  "/apps/serviceLevel": "heatmap",
  "/report/chat": "chart",
  "/report/agent-report": "person",
  "/report/surveyReport": "star",
  "/report/customerJourney": "path-search",
  "/report/chat-hourly": "timeline-bar-chart",
  "/report/chatbot-Information-oral": "predictive-analysis",
  "/reports/segments": "pie-chart",
  "/report/monthly-active-users": "timeline-line-chart",
  "/report/sub-account-report": "diagram-tree",
  "/report/template-messages-report": "document-code",
  "/reports/agent-average-time": "timeline-events",
  "/apps/messages": "envelope",
  // SMS, channels
  "/sms/send": "mobile-phone",
  "/sms-report": "th",
  "/channels": "exchange",
  // Settings
  "/apps/users": "user",
  "/apps/roles": "shield",
  "/apps/permissions": "lock",
  "/apps/canned-messages": "clipboard",
  "/adminchatbot": "automatic-updates",
  "/admin-reminderMessage": "notifications",
  "/apps/sessionMessage": "outdated",
  "/apps/sla-policies": "flash",
  "/apps/nearest-location": "map-marker",
  "/apps/client-webhook": "link",
  "/apps/blacklist-token": "disable",
  "/apps/ip-whitelist": "globe-network",
  "/apps/billing": "dollar",
  "/apps/account-limits": "oil-field",
  "/apps/sessions-mau": "calendar",
  "/apps/simulator": "build",
  // Campaigns, calls, OTP, catalogue
  "/apps/current-campaigns": "send-message",
  "/apps/pbxcalls": "phone",
  "/apps/opt": "key",
  "/apps/optReport": "th-list",
  "/apps/otp-logs": "console",
  "/apps/otp-providers": "cloud",
  "/apps/otp-users": "mugshot",
  "/fb-catalogues-menu": "shop",
  "/admin-products": "box",
  "/admin-orders": "shopping-cart",
}

export const iconOfRoute = (path: string): string => icons[path] ?? "application"

/** Every icon of the map, for the icon loader's list and the test. */
export const routeIcons: readonly string[] = Object.values(icons)
