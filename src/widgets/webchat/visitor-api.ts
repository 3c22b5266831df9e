/** The widget's calls to our server (src/contract/webchat-visitor.ts): the session, an upload, the socket. */
import { io, type Socket } from "socket.io-client"
import {
  VISITOR_API,
  VISITOR_SOCKET_PATH,
  type VisitorError,
  type VisitorMessage,
  type VisitorSession,
} from "../../contract/webchat-visitor"

export class VisitorCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

const post = async <T>(base: string, path: string, body: unknown): Promise<T> => {
  const response = await fetch(`${base}${VISITOR_API}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => null)) as (T & Partial<VisitorError>) | null
  if (!response.ok || !answer) {
    const error = answer?.error
    throw new VisitorCallError(response.status, error?.code ?? "NETWORK", error?.message ?? `HTTP ${response.status}`, error?.field)
  }
  return answer
}

export const openSession = (base: string, body: { key: string; token?: string; visitor?: Record<string, string> }) =>
  post<VisitorSession>(base, "session", body)

const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

export const uploadFile = async (base: string, key: string, token: string, file: File) =>
  post<VisitorMessage>(base, "upload", { key, token, file_name: file.name, mime_type: file.type, data_base64: await base64Of(file) })

export const visitorSocket = (base: string, key: string, token: string): Socket =>
  io(base, { path: VISITOR_SOCKET_PATH, transports: ["websocket"], auth: { key, token } })
