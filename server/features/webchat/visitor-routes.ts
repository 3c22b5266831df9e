/**
 * The web chat's public side, for the pages a tenant allows (no login: the widget's public key and the visitor's
 * signed token):
 *  - GET /webchat/widget.js: the widget bundle (built into dist/webchat by vite.config.ts), loadable from any site.
 *  - POST /webchat/api/session and /webchat/api/upload (src/contract/webchat-visitor.ts), CORS for the calling page;
 *    the widget's allowed origins are checked on every call (visitor-access.ts). Rate-limited per address with
 *    @fastify/rate-limit (429 with Retry-After).
 *  - socket.io at /webchat/socket.io, its own server (visitors never share the agents' socket service or its rooms):
 *    the handshake carries `{ key, token }` and its Origin is checked like the calls'; each socket joins only its
 *    visitor's room. Messages go into the chat's one inbound path (the hub's `inbound`), typing and read likewise. With
 *    REDIS_URL it is on the Redis adapter (key "wc"), so an agent on another node reaches the visitor's socket.
 */
import { randomUUID } from "node:crypto"
import { ownOr, tenantSettings } from "../tenant-settings"
import { sql } from "drizzle-orm"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { Server, type Socket } from "socket.io"
import {
  type FromVisitor,
  READ_IDS_MAX,
  VISITOR_API,
  VISITOR_SOCKET_PATH,
  type VisitorMessage,
  type VisitorSession,
} from "../../../src/contract/webchat-visitor"
import { WEBCHAT_TEXT_MAX } from "../../../src/contract/webchat-rules"
import type { Ctx, Services } from "../../http/context"
import { ApiError, badRequest } from "../../http/errors"
import { chatHubOf, type FileLinks } from "../chat"
import type { HttpRoutes } from "../../core/registry"
import { visitorQueue } from "./queue-display"
import { fileTypeOf, storeUpload, type InlineUpload } from "../uploads"
import { openWidget, type OpenWidget, visitorOf } from "./visitor-access"
import { hubEventsOf, setVisitorServer, toVisitor, VISITOR_MESSAGE_ID, visitorRoom } from "./visitor-hub"
import { agentHasRead, prechatAnswers, startVisitor, unreadByVisitor, visitorMessages, widgetLook } from "./visitor-session"
import { signVisitorToken } from "./visitor-token"
import { closeRedis, openRedis, type RedisClient } from "../../core/redis"
import { attachClusterAdapter } from "../../realtime/cluster"
import { WIDGET_SCRIPT_PATH } from "./widget-settings"

export const SESSIONS_PER_MINUTE = 60
export const UPLOADS_PER_MINUTE = 10
/** A visitor may send this many messages (or typing reports) per window on one socket. */
export const SOCKET_EVENTS_PER_WINDOW = 30
const SOCKET_WINDOW_MS = 10_000
const MiB = 1024 * 1024
export const VISITOR_FILE_MAX = 5 * MiB
/** Images and PDFs: what a visitor may send (the chat's upload rules check the bytes). */
export const VISITOR_FILE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "application/pdf"])

interface VisitorSocketData {
  clientId: number
  visitorId: string
}
type VisitorSocket = Socket & { data: VisitorSocketData }

const originOf = (headers: Record<string, string | string[] | undefined>) => {
  const origin = headers.origin
  return typeof origin === "string" ? origin : undefined
}

/** Absolute file links on this server as the page reached it (the widget lives on another origin). */
const linksOf = (services: Services, req: FastifyRequest): FileLinks => ({
  config: services.config,
  origin: `${req.protocol}://${req.host}`,
})

const bodyOf = (req: FastifyRequest) => (req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {})

/** The visitor's text: trimmed, not empty, not too long. */
const textOf = (raw: unknown) => {
  const text = typeof raw === "string" ? raw.trim() : ""
  if (!text) throw badRequest("Write a message first", "text")
  if (text.length > WEBCHAT_TEXT_MAX) throw badRequest(`A message may have at most ${WEBCHAT_TEXT_MAX} characters`, "text")
  return text
}

/** A visitor's message into the chat's one inbound path; every tab of the visitor shows it. */
const visitorWrites = async (
  services: Services,
  open: Pick<OpenWidget, "clientId">,
  visitorId: string,
  message: { type: "text" | "image" | "document"; text?: string; link?: string; filename?: string },
) => {
  chatHubOf(services)
  const externalId = `wcv.${randomUUID()}`
  const stored = await hubEventsOf(services).inbound({
    clientId: open.clientId,
    channel: "webchat",
    number: visitorId,
    externalId,
    ...message,
  })
  return { externalId, messageId: stored.messageId }
}

const sessionRoute =
  (services: Services) =>
  async (req: FastifyRequest): Promise<VisitorSession> => {
    const body = bodyOf(req)
    const { database, config } = services
    const open = await openWidget(database.db, body.key, originOf(req.headers))
    // No greeting written: ours, in the tenant's language (tenant-settings/customer-texts.ts).
    const { language } = await tenantSettings(database.db, open.clientId)
    const widget = { ...widgetLook(open.widget), greeting: ownOr(open.widget.greeting, "webchatGreeting", language) }
    let visitorId: string | null = null
    if (body.token !== undefined && body.token !== null) visitorId = visitorOf(config.jwtSecret, open, body.token)
    else if (body.visitor !== undefined) {
      const answers = prechatAnswers(open.widget, body.visitor)
      visitorId = await database.transaction((tx) => startVisitor(tx, open.clientId, answers))
    }
    if (visitorId === null) return { widget, token: null, messages: [], agent_read: true, queue: { position: null, wait_minutes: null } }
    const [messages, read, queue] = await Promise.all([
      visitorMessages(database.db, open.clientId, visitorId, linksOf(services, req)),
      agentHasRead(database.db, open.clientId, visitorId),
      visitorQueue(database.db, open.clientId, visitorId),
    ])
    return { widget, token: signVisitorToken(config.jwtSecret, open.clientId, visitorId), messages, agent_read: read, queue }
  }

const uploadRoute =
  (services: Services) =>
  async (req: FastifyRequest): Promise<VisitorMessage> => {
    const body = bodyOf(req)
    const { database, config } = services
    const open = await openWidget(database.db, body.key, originOf(req.headers))
    const visitorId = visitorOf(config.jwtSecret, open, body.token)
    for (const field of ["file_name", "mime_type", "data_base64"] as const)
      if (typeof body[field] !== "string" || !body[field]) throw badRequest(`${field} is required`, field)
    const input = {
      file_name: String(body.file_name).slice(0, 200),
      mime_type: String(body.mime_type),
      data_base64: String(body.data_base64),
    }
    const links = linksOf(services, req)
    // The chat's upload rules (types, sizes, bytes that match the type, the tenant's storage limit), in one transaction.
    const file = await database.transaction((tx) => {
      const ctx = { db: tx, services, origin: links.origin } as Pick<Ctx, "db" | "services" | "origin"> as Ctx
      return storeUpload(ctx, open.clientId, input satisfies InlineUpload, { accept: VISITOR_FILE_TYPES, maxBytes: VISITOR_FILE_MAX })
    })
    const type = fileTypeOf(input.mime_type)?.kind === "image" ? "image" : "document"
    const sent = await visitorWrites(services, open, visitorId, { type, link: file.url, filename: file.name })
    // The file becomes the message's own attachment, so the conversation shows it under a freshly signed link later.
    await database.db.execute(sql`UPDATE attachments SET message_id = ${sent.messageId}
    WHERE id = ${file.id} AND client_id = ${open.clientId} AND message_id IS NULL`)
    const message: VisitorMessage = {
      id: sent.externalId,
      from: "visitor",
      text: "",
      files: [{ name: file.name, url: file.url }],
      dt: new Date().toISOString(),
    }
    toVisitor(services, open.clientId, visitorId, "message", message)
    return message
  }

/** CORS for the widget's calls: any page may ask; the answer is readable by the page, the Origin decides the rest. */
const cors = (req: FastifyRequest, reply: FastifyReply) => {
  const origin = originOf(req.headers)
  if (origin) void reply.header("access-control-allow-origin", origin).header("vary", "origin")
}

/** One socket's budget of events per window (the HTTP calls use @fastify/rate-limit; socket events are not requests). */
const eventBudget = () => {
  let windowStart = 0
  let used = 0
  return () => {
    const now = Date.now()
    if (now - windowStart > SOCKET_WINDOW_MS) {
      windowStart = now
      used = 0
    }
    return ++used <= SOCKET_EVENTS_PER_WINDOW
  }
}

const errorBody = (error: unknown) =>
  error instanceof ApiError ? error.body() : { error: { code: "SERVER_ERROR", message: "The message could not be sent; try again" } }

const admitVisitor = (services: Services, raw: Socket) => {
  const socket = raw as VisitorSocket
  const { clientId, visitorId } = socket.data
  void socket.join(visitorRoom(clientId, visitorId))
  const allowed = eventBudget()
  // The agents' socket service waits for this work when the server stops (realtime.ts).
  const track = <T>(work: Promise<T>) => services.realtime?.track(work) ?? work
  const tooMany = { error: { code: "TOO_MANY_REQUESTS", message: "Too many messages at once: wait a few seconds" } }
  socket.on("message", (payload: FromVisitor["message"], ack?: (answer: unknown) => void) => {
    const reply = typeof ack === "function" ? ack : () => {}
    if (!allowed()) return reply(tooMany)
    track(
      Promise.resolve().then(async () => {
        const text = textOf(payload?.text)
        const sent = await visitorWrites(services, { clientId }, visitorId, { type: "text", text })
        const message: VisitorMessage = { id: sent.externalId, from: "visitor", text, files: [], dt: new Date().toISOString() }
        toVisitor(services, clientId, visitorId, "message", message)
        reply({ message })
      }),
    ).catch((error: unknown) => {
      if (!(error instanceof ApiError)) console.error("[webchat] a visitor's message failed", error)
      reply(errorBody(error))
    })
  })
  socket.on("typing", (payload: FromVisitor["typing"]) => {
    if (!allowed()) return
    const state = payload?.state === "typing" ? "typing" : "paused"
    chatHubOf(services)
    track(hubEventsOf(services).typing({ clientId, channel: "webchat", number: visitorId, state })).catch((error: unknown) =>
      console.error("[webchat] typing failed", error),
    )
  })
  socket.on("read", (payload: FromVisitor["read"] | undefined) => {
    if (!allowed()) return
    chatHubOf(services)
    const events = hubEventsOf(services)
    // The ids the page names were sent to this visitor's room only (random, the server's own): one that reached the
    // page before its send was written is reported too, and the hub retries it until the send is.
    const named = Array.isArray(payload?.ids)
      ? payload.ids.slice(0, READ_IDS_MAX).filter((id): id is string => typeof id === "string" && VISITOR_MESSAGE_ID.test(id))
      : []
    track(
      unreadByVisitor(services.database.db, clientId, visitorId).then((ids) =>
        Promise.all([...new Set([...ids, ...named])].map((externalId) => events.status({ clientId, externalId, status: "read" }))),
      ),
    ).catch((error: unknown) => console.error("[webchat] read report failed", error))
  })
}

const attachVisitorSockets = (app: FastifyInstance, services: Services) => {
  const io = new Server(app.server, {
    path: VISITOR_SOCKET_PATH,
    serveClient: false,
    transports: ["websocket"],
    maxHttpBufferSize: 64 * 1024,
  })
  io.use((socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { key?: unknown; token?: unknown }
    openWidget(services.database.db, auth.key, originOf(socket.handshake.headers))
      .then((open) => {
        socket.data = { clientId: open.clientId, visitorId: visitorOf(services.config.jwtSecret, open, auth.token) }
        next()
      })
      .catch((error: unknown) => {
        const err = new Error(error instanceof ApiError ? error.code : "SERVER_ERROR") as Error & { data?: unknown }
        err.data = errorBody(error)
        next(err)
      })
  })
  io.on("connection", (socket) => admitVisitor(services, socket))
  setVisitorServer(services, io)
  // Across nodes: a visitor's socket and the agent who answers may be on different processes, so the visitors' server
  // has its own Redis adapter (its own channels, "wc"), like the agents' (app.ts).
  let closeAdapter: (() => Promise<void>) | null = null
  let redis: RedisClient | null = null
  const { redisUrl } = services.config
  if (redisUrl)
    app.addHook("onReady", async () => {
      redis = await openRedis(redisUrl, "redis webchat")
      closeAdapter = await attachClusterAdapter(io, redis, "wc")
    })
  app.addHook("onClose", async () => {
    io.local.disconnectSockets(true)
    io.engine.close()
    await closeAdapter?.()
    await closeRedis(redis)
  })
}

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    // The widget's script is loaded by other sites' pages: not only same-origin as helmet's default says.
    app.addHook("onSend", async (req, reply, payload) => {
      if (req.url.split("?")[0] === WIDGET_SCRIPT_PATH) void reply.header("cross-origin-resource-policy", "cross-origin")
      return payload
    })
    app.options(`${VISITOR_API}/*`, async (req, reply) => {
      cors(req, reply)
      return reply
        .header("access-control-allow-methods", "POST")
        .header("access-control-allow-headers", "content-type")
        .header("access-control-max-age", "600")
        .status(204)
        .send()
    })
    app.addHook("onRequest", async (req, reply) => {
      if (req.url.startsWith(`${VISITOR_API}/`)) cors(req, reply)
    })
    const minute = 60_000
    app.post(`${VISITOR_API}/session`, { config: { rateLimit: { max: SESSIONS_PER_MINUTE, timeWindow: minute } } }, sessionRoute(services))
    app.post(
      `${VISITOR_API}/upload`,
      { bodyLimit: Math.ceil((VISITOR_FILE_MAX * 4) / 3) + 4096, config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: minute } } },
      uploadRoute(services),
    )
    attachVisitorSockets(app, services)
  },
]
