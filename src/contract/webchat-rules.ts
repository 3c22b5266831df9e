/**
 * The web-chat widget's rules both ends share: what an allowed origin looks like (exactly `https://host[:port]`, no
 * path; plain `http://` only for this machine, `localhost` / `127.0.0.1` / `[::1]`, for development), the pre-chat
 * fields and what the visitor may send.
 */
export const WEBCHAT_ORIGIN =
  /^(https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|http:\/\/(localhost|127\.0\.0\.1|\[::1\]))(:[0-9]{1,5})?$/

/** Whether `origin` is one the configuration may list (lower case, no trailing slash, a port up to 65535). */
export const isWebchatOrigin = (origin: string): boolean => {
  if (!WEBCHAT_ORIGIN.test(origin)) return false
  const port = /:([0-9]{1,5})$/.exec(origin)?.[1]
  return port === undefined || (Number(port) > 0 && Number(port) <= 65535)
}

export const WEBCHAT_MAX_ORIGINS = 20
export const WEBCHAT_GREETING_MAX = 300
export const WEBCHAT_TEXT_MAX = 4000
export const WEBCHAT_PRECHAT_FIELDS = ["name", "email", "phone"] as const
export type WebchatPrechatField = (typeof WEBCHAT_PRECHAT_FIELDS)[number]
