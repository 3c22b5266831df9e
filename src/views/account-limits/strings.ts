/** Strings of the account limits screen (merged under `accountLimits`). */
export const accountLimitsEn = {
  title: "Account limits",
  subtitle: "What your account may use, as set by the platform, and how much of it is used. Going beyond a limit is refused.",
  refresh: "Refresh",
  noLimit: "No limit",
  usedOf: "{{used}} of {{limit}}",
  reached: "{{used}} of {{limit}}: limit reached",
  keys: {
    agents: "Active agents",
    channels: "Connected channels",
    daily_messages: "Messages sent today",
    monthly_messages: "Messages sent this month",
    campaign_size: "Recipients per campaign",
    storage_mb: "File storage (MiB)",
  },
}
