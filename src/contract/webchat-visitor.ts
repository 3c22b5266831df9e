/**
 * What the web-chat widget and the server say to each other (plain types: the widget bundle stays free of schemas).
 * HTTP, from the host page (its Origin must be one the tenant allows):
 *  - POST /webchat/api/session { key, token?, visitor? }: the widget's look; with a valid token the visitor's
 *    conversation; with `visitor` (the pre-chat answers) a new visitor and their token.
 *  - POST /webchat/api/upload { key, token, file_name, mime_type, data_base64 }: the visitor sends a file.
 * Socket (socket.io at /webchat/socket.io, websocket only, `auth: { key, token }`): the events below.
 */
export interface VisitorWidget {
  readonly color: string
  readonly text_color: string
  readonly greeting: string
  readonly position: "right" | "left"
  readonly prechat: { readonly name: PrechatAsk; readonly email: PrechatAsk; readonly phone: PrechatAsk }
}
export type PrechatAsk = "off" | "optional" | "required"

export interface VisitorMessage {
  /** The channel id of the message (stable across reloads). */
  readonly id: string
  readonly from: "visitor" | "agent"
  readonly text: string
  readonly files: readonly { readonly name: string; readonly url: string }[]
  readonly dt: string
}

/** The visitor's place in the queue for an agent (null: not waiting), and the estimated wait in minutes (null: unknown). */
export interface VisitorQueue {
  readonly position: number | null
  readonly wait_minutes: number | null
}

export interface VisitorSession {
  readonly widget: VisitorWidget
  /** Null until the visitor starts (answers the pre-chat form). */
  readonly token: string | null
  readonly messages: readonly VisitorMessage[]
  /** An agent has read everything the visitor wrote. */
  readonly agent_read: boolean
  /** Where the visitor's conversation stands in the queue now (then live through `queue`). */
  readonly queue: VisitorQueue
}

export interface VisitorError {
  readonly error: { readonly code: string; readonly message: string; readonly field?: string }
}

/** Server → visitor. */
export interface ToVisitor {
  message: VisitorMessage
  typing: { state: "typing" | "paused" }
  /** An agent read the visitor's messages. */
  read: Record<string, never>
  /** The visitor's place in the queue moved (or they left it to an agent). */
  queue: VisitorQueue
}

/** Visitor → server (`message` answers through its acknowledgement). */
export interface FromVisitor {
  message: { text: string }
  typing: { state: "typing" | "paused" }
  /**
   * The visitor has the agent's messages on screen: all of them, and by id those shown since the last report (at most
   * READ_IDS_MAX), which may have reached the page before their send was written.
   */
  read: { ids?: readonly string[] }
}

export const READ_IDS_MAX = 100

export const VISITOR_SOCKET_PATH = "/webchat/socket.io"
export const VISITOR_API = "/webchat/api"
