/** Test plumbing for the web chat: a visitor's calls and socket, as a page on `origin` would make them. */
import { io, type Socket } from "socket.io-client"
import { VISITOR_API, VISITOR_SOCKET_PATH } from "../../../src/contract/webchat-visitor"
import { as, callOf, login, send } from "../../testing/harness"

export const visitorCall = async (url: string, path: "session" | "upload", origin: string | null, body: Record<string, unknown>) => {
  const response = await fetch(`${url}${VISITOR_API}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(origin ? { origin } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any, headers: response.headers }
}

/** A visitor's socket, or the handshake's refusal (its `message` is the error code, `data` the error body). */
export const visitorSocket = (url: string, origin: string, auth: Record<string, unknown>): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(url, {
      path: VISITOR_SOCKET_PATH,
      transports: ["websocket"],
      auth,
      extraHeaders: { origin },
      reconnection: false,
      forceNew: true,
    })
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", (error) => {
      socket.close()
      reject(error)
    })
  })

/** Switches the tenant's widget on for `origins` with the given pre-chat fields; answers its public key. */
export const enableWidget = async (
  url: string,
  admin: string,
  origins: string[],
  prechat = { name: "required", email: "optional", phone: "off" },
) => {
  const session = await login(url, admin)
  const headers = as(session.user_token)
  const read = await send(url, callOf("webchat", "webchatSettings"), {}, headers)
  const update = await send(
    url,
    callOf("webchat", "webchatUpdate"),
    { ...read.body.data, enabled: true, prechat, allowed_origins: origins, widget_key: undefined, script_url: undefined },
    headers,
  )
  if (update.status !== 200) throw new Error(`webchatUpdate answered ${update.status}: ${JSON.stringify(update.body)}`)
  return { key: String(update.body.data.widget_key), headers }
}
