/** Strings of the simulator page's own sections (merged under `simulator`; the rest are the workspace's). */
export const simulatorEn = {
  outbox: {
    title: "Mail outbox",
    subtitle: "Mail this development server kept instead of sending (no mail server is set up), newest first. Refreshed every few seconds.",
    refresh: "Refresh",
    empty: "No mail yet. Mail the server sends (a monthly active users report, a password-reset link) appears here.",
    to: "To",
    subject: "Subject",
    time: "Time",
    failed: "The outbox could not be read: {{reason}}",
  },
}
