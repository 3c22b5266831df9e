/**
 * Who may talk to a tenant's widget: the widget its public key names must be switched on, the request's Origin must be
 * one of the widget's allowed origins (exact match: scheme, host and port), and a visitor token must be genuine,
 * unexpired and this tenant's. Shared by the HTTP calls and the socket handshake, so both refuse alike.
 */
import type { Db } from "../../db/db"
import { ApiError } from "../../http/errors"
import { readVisitorToken } from "./visitor-token"
import { type StoredWidget, widgetOfKey } from "./widget-settings"

export interface OpenWidget {
  readonly clientId: number
  readonly widget: StoredWidget
}

export const originRefused = (origin: string | undefined) =>
  new ApiError(
    403,
    "ORIGIN_NOT_ALLOWED",
    `This chat cannot be opened from ${origin ?? "a page without an origin"}: the site is not allowed`,
  )

export const openWidget = async (db: Db, key: unknown, origin: string | undefined): Promise<OpenWidget> => {
  const found = typeof key === "string" ? await widgetOfKey(db, key) : null
  if (!found) throw new ApiError(404, "WIDGET_NOT_FOUND", "No chat has this key: copy the snippet again from the console", "key")
  if (!found.widget.enabled) throw new ApiError(403, "WIDGET_OFF", "This chat is switched off")
  if (origin === undefined || !found.widget.allowed_origins.includes(origin)) throw originRefused(origin)
  return found
}

export const tokenRefused = () =>
  new ApiError(401, "VISITOR_TOKEN_INVALID", "This conversation cannot be resumed: start a new one", "token")

/** The visitor a token names for this widget's tenant; 401 when forged, expired or another tenant's. */
export const visitorOf = (secret: string, open: OpenWidget, token: unknown): string => {
  const visitorId = typeof token === "string" && token.length <= 200 ? readVisitorToken(secret, token, open.clientId) : null
  if (!visitorId) throw tokenRefused()
  return visitorId
}
