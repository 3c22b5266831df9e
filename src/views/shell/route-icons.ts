/** A Blueprint icon per sidebar route (only looks; each icon loads on its own, see src/app/icons.ts). */
const icons: Record<string, string> = {
  "/apps/dashboard": "dashboard",
  "/apps/company-profile": "office",
  "/dashboard": "lightbulb",
  "/apps/opt": "key",
  "/apps/optReport": "th-list",
  "/templateMessage-hsm": "document",
  "/apps/contacts/all": "people",
  "/ContactInformationCollection": "id-number",
  "/channels": "exchange",
  "/apps/nearest-location": "map-marker",
  "/apps/current-campaigns": "send-message",
  "/apps/pbxcalls": "phone",
  "/fb-catalogues-menu": "shop",
  "/apps/chat": "chat",
  "/apps/ongoing": "comment",
  "/apps/inbox": "inbox",
  "/apps/ticket-history": "history",
  "/apps/ticket-ongoing": "time",
  "/apps/history": "archive",
  "/apps/report/ticket": "document-open",
  "/apps/complain/ticket": "issue",
  "/report/complain-tickets-report": "issue-new",
  "/apps/call-history": "phone-call",
  "/apps/messages": "envelope",
  "/apps/otp-logs": "key",
  "/sms/send": "mobile-phone",
  "/sms-report": "th",
  "/apps/otp-providers": "cloud",
  "/apps/otp-users": "user",
}

export const iconOfRoute = (path: string): string => {
  if (icons[path]) return icons[path]
  if (path.startsWith("/report") || path === "/apps/aht" || path === "/apps/serviceLevel") return "timeline-bar-chart"
  return "cog"
}

Object.assign(icons, {
  "/apps/canned-messages": "comment",
  "/apps/check-number": "endorsed",
  "/apps/clear-number": "eraser",
  "/apps/client-webhook": "link",
  "/apps/blacklist-token": "disable",
  "/apps/ip-whitelist": "globe-network",
  "/apps/billing": "dollar",
  "/apps/sessionMessage": "stopwatch",
  "/apps/sessions-mau": "calendar",
  "/apps/roles": "shield",
  "/apps/account-limits": "oil-field",
  "/apps/permissions": "lock",
  "/apps/users": "people",
  "/templateMessage-individual-user": "document-share",
  "/apps/admin-segments": "layers",
  "/apps/labels": "tag",
  "/admin-reminderMessage": "notifications",
  "/adminchatbot": "predictive-analysis",
  "/apps/flag": "flag",
})
