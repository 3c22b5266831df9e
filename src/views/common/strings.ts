/**
 * The strings every page can show (app frame, errors, alerts, failures); the spec's own wording is kept exactly where
 * it gives one. English comes with the entry; Turkish and Arabic load on demand (src/app/i18n.ts).
 */
export const commonEn = {
  app: {
    name: "Messaging Console",
    tagline: "Customer conversations, calls and campaigns in one place",
    loading: "Loading…",
    notAvailableTitle: "Not available yet",
    notAvailableBody: "This screen is part of the console but has not been built yet. Nothing here is sample data.",
    notAvailableSection: "Section: {{section}}",
    backHome: "Go to the start page",
    landingTitle: "Welcome, {{name}}",
    landingBody: "Pick a page from the menu. Your account has no dashboard.",
    landingEmpty: "Your account has no pages assigned yet. Ask an administrator for access.",
    skipToContent: "Skip to main content",
    copyright: "© {{year}} Messaging Console",
  },
  failure: {
    notImplemented: "The server does not offer this yet ({{call}}).",
    failed: "The request failed",
  },
  errors: {
    renderFailure: "404 Page Not Found",
    renderFailureBody: "Something on this page failed to display.",
    notFoundTitle: "404 Page Not Found",
    notFoundBody: "The page you are looking for does not exist.",
    offlineTitle: "No internet connection",
    offlineBody: "Check your connection; the console reconnects by itself.",
    retry: "Try again",
  },
  /** How the console names a stored value of each kind (src/views/common/format.ts); never the raw value. */
  enums: {
    ticketStatus: { Pending: "Pending", Ongoing: "Ongoing", Resolved: "Resolved" },
    channel: { whatsapp: "WhatsApp", facebook: "Facebook", instagram: "Instagram", sms: "SMS", webchat: "Web chat" },
    callStatus: {
      RINGING: "Ringing",
      ACCEPTED: "In progress",
      COMPLETED: "Completed",
      MISSED: "Missed",
      REJECTED: "Rejected",
      REFUSED: "Refused",
      failed: "Failed",
    },
    campaignStatus: {
      draft: "Draft",
      scheduled: "Scheduled",
      running: "Running",
      paused: "Paused",
      completed: "Completed",
      stopped: "Stopped",
      failed: "Failed",
    },
    messageStatus: {
      queued: "Queued",
      pending: "Pending",
      sent: "Sent",
      delivered: "Delivered",
      read: "Read",
      failed: "Failed",
      received: "Received",
    },
  },
  duration: { seconds: "{{s}}s", ms: "{{m}}m {{s}}s", hm: "{{h}}h {{m}}m", hms: "{{h}}h {{m}}m {{s}}s", dhm: "{{d}}d {{h}}h {{m}}m" },
  alerts: {
    sessionReplaced: "You are already logged in on a different device. Please wait for a few minutes, and try again.",
    sessionExpired: "Your session has expired please try to login in again",
    missingClientToken: "Cannot call remote service without authentication token",
    missingUserToken: "Cannot call remote service without user authentication token",
  },
}
