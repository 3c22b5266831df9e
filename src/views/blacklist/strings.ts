/** Strings of the revoked-token screen (merged under `blacklist`). */
export const blacklistEn = {
  title: "Blacklisted tokens",
  subtitle: "A revoked API key or token is refused on its next call. Only its first and last characters are kept.",
  new: "Revoke a token",
  token: "Token",
  tokenHelp: "Paste the API key, client token or user token to refuse from now on.",
  reason: "Reason",
  revoked: "Revoked",
  expires: "Would have expired",
  never: "Never",
  restore: "Take back (accept again)",
  empty: "No revoked tokens",
  clearCache: "Clear cache",
  cacheCleared: "Cleared: {{caches}}. Entries removed: {{n}}.",
  caches: {
    ip_whitelist: "the IP whitelist",
    settings: "the settings",
    sla_policies: "the SLA policies",
    bots: "the chatbots",
    roles: "the roles' permissions",
  },
  problems: {
    tokenRequired: "Paste the token to revoke.",
    tokenTooShort: "A token has at least 16 characters.",
    reasonTooLong: "A reason can have at most 200 characters.",
    notEditable: "A revocation cannot be changed: take it back and revoke again.",
  },
}
