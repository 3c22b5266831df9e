/**
 * The development simulator's hooks (server: NODE_ENV != production, for tenant admins): play a customer who places a
 * WhatsApp voice call, writes in on any channel, types, and reads what agents sent. Served at the server's root
 * (`/dev/simulator/...`; the development mail outbox at `/dev/outbox`), not under the API base. A production server answers them with the console's page (GET)
 * or a 404 without an error body: that is `SimulatorError` with code HOOKS_OFF.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { ApiConfig } from "../api/config"
import { Storage } from "../browser/storage"
import { StorageKeys } from "../browser/storage-keys"

export const SIM_CHANNELS = ["whatsapp", "facebook", "instagram", "sms", "webchat"] as const
export type SimChannel = (typeof SIM_CHANNELS)[number]
export const SIM_MESSAGE_TYPES = ["text", "image", "document", "video", "audio"] as const
export type SimMessageType = (typeof SIM_MESSAGE_TYPES)[number]

export class SimulatorError extends Schema.TaggedError<SimulatorError>()("SimulatorError", {
  status: Schema.Number,
  code: Schema.String,
  message: Schema.String,
}) {}

export const CallStatus = Schema.Struct({
  callId: Schema.String,
  status: Schema.NullOr(Schema.String),
  agentId: Schema.NullOr(Schema.Number),
  emittedAt: Schema.optional(Schema.NullOr(Schema.Unknown)),
})
export type CallStatus = typeof CallStatus.Type

export const Received = Schema.Struct({
  id: Schema.Union([Schema.Number, Schema.String]),
  external_id: Schema.NullOr(Schema.String),
  type: Schema.String,
  body: Schema.NullOr(Schema.String),
  attachments: Schema.optional(Schema.Unknown),
  status: Schema.String,
  dt: Schema.String,
})
export type Received = typeof Received.Type

/** A mail the server "sent" in development (no SMTP_URL): what `sendMail` wrote to the outbox. */
export const OutboxMail = Schema.Struct({
  id: Schema.Number,
  to: Schema.String,
  subject: Schema.String,
  body: Schema.String,
  createdAt: Schema.String,
})
export type OutboxMail = typeof OutboxMail.Type

export interface InboundMessage {
  readonly clientId: number
  readonly channel: SimChannel
  readonly number: string
  readonly name?: string
  readonly type?: SimMessageType
  readonly text?: string
  readonly link?: string
  readonly filename?: string
}

export interface Customer {
  readonly clientId: number
  readonly channel: SimChannel
  readonly number: string
}

export interface SimulatorShape {
  /** True when the hooks answer (a development server). */
  readonly available: Effect.Effect<boolean>
  readonly placeCall: (call: { clientId: number; number: string; name?: string }) => Effect.Effect<{ callId: string }, SimulatorError>
  readonly hangup: (callId: string) => Effect.Effect<void, SimulatorError>
  /** null once the server no longer knows the call (it ended and was cleaned up). */
  readonly callStatus: (callId: string) => Effect.Effect<CallStatus | null, SimulatorError>
  readonly send: (message: InboundMessage) => Effect.Effect<{ conversationId: number; messageId: number }, SimulatorError>
  readonly typing: (customer: Customer & { state: "typing" | "paused" }) => Effect.Effect<void, SimulatorError>
  readonly received: (customer: Customer) => Effect.Effect<readonly Received[], SimulatorError>
  readonly markRead: (externalId: string) => Effect.Effect<void, SimulatorError>
  /** The development mail outbox of the caller's tenant, newest first (the latest 50). */
  readonly outbox: Effect.Effect<readonly OutboxMail[], SimulatorError>
}

const ErrorJson = Schema.Struct({ error: Schema.Struct({ code: Schema.String, message: Schema.String }) })
const decodeError = Schema.decodeUnknownExit(ErrorJson)

const parse = (text: string): { json: unknown } | null => {
  try {
    return { json: JSON.parse(text) }
  } catch {
    return null
  }
}

export const makeSimulator = Effect.gen(function* () {
  const config = yield* ApiConfig
  const client = yield* HttpClient.HttpClient
  const url = (path: string) => `${config.origin.replace(/\/+$/, "")}/dev${path}`

  const exchange = <S extends Schema.Top>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    body?: unknown,
    query?: Record<string, string>,
  ) =>
    Effect.gen(function* () {
      // The hooks answer a logged-in tenant admin only: send the stored user token like the API client does.
      const storage = yield* Effect.serviceOption(Storage)
      const token = Option.isSome(storage) ? Option.getOrUndefined(yield* storage.value.get(StorageKeys.userToken)) : undefined
      let request = HttpClientRequest.make(method)(url(path), {
        headers: { accept: "application/json", ...(token ? { "user-token": token } : {}) },
        urlParams: query,
      })
      if (body !== undefined) request = yield* HttpClientRequest.bodyJson(request, body).pipe(Effect.orDie)
      const response = yield* client
        .execute(request)
        .pipe(Effect.mapError((e) => new SimulatorError({ status: 0, code: "NETWORK", message: e.message })))
      const text = yield* response.text.pipe(Effect.mapError((e) => new SimulatorError({ status: 0, code: "NETWORK", message: e.message })))
      const parsed = parse(text)
      // Not JSON (the console's own page, a bare 404): the hooks are not served here.
      if (!parsed)
        return yield* new SimulatorError({
          status: response.status,
          code: "HOOKS_OFF",
          message: "The simulator hooks are off on this server",
        })
      if (response.status < 200 || response.status >= 300) {
        const error = decodeError(parsed.json)
        const detail = error._tag === "Success" ? error.value.error : { code: `HTTP_${response.status}`, message: text.slice(0, 200) }
        return yield* new SimulatorError({ status: response.status, code: detail.code, message: detail.message })
      }
      return yield* Schema.decodeUnknownEffect(Schema.Struct({ data: schema }))(parsed.json).pipe(
        Effect.map((decoded) => (decoded as { data: S["Type"] }).data),
        Effect.mapError((e) => new SimulatorError({ status: response.status, code: "DECODE", message: e.message })),
      )
    })

  const Ok = Schema.Unknown
  return {
    // Any JSON answer (a dev server's "No such live call") proves the hooks are served.
    available: exchange("GET", "/simulator/calls/probe", Ok).pipe(
      Effect.as(true),
      Effect.catch((e) => Effect.succeed(e.code !== "HOOKS_OFF" && e.code !== "NETWORK")),
    ),
    placeCall: (call) => exchange("POST", "/simulator/calls", Schema.Struct({ callId: Schema.String }), call),
    hangup: (callId) => exchange("POST", `/simulator/calls/${encodeURIComponent(callId)}/hangup`, Ok, {}).pipe(Effect.asVoid),
    callStatus: (callId) =>
      exchange("GET", `/simulator/calls/${encodeURIComponent(callId)}`, CallStatus).pipe(
        Effect.catch((e) => (e.status === 404 && e.code === "NOT_FOUND" ? Effect.succeed(null) : Effect.fail(e))),
      ),
    send: (message) =>
      exchange("POST", "/simulator/messages", Schema.Struct({ conversationId: Schema.Number, messageId: Schema.Number }), message),
    typing: (customer) => exchange("POST", "/simulator/typing", Ok, customer).pipe(Effect.asVoid),
    received: (c) =>
      exchange("GET", "/simulator/messages", Schema.Struct({ items: Schema.Array(Received) }), undefined, {
        clientId: String(c.clientId),
        channel: c.channel,
        number: c.number,
      }).pipe(Effect.map((data) => data.items)),
    markRead: (externalId) => exchange("POST", `/simulator/messages/${encodeURIComponent(externalId)}/read`, Ok, {}).pipe(Effect.asVoid),
    outbox: exchange("GET", "/outbox", Schema.Struct({ items: Schema.Array(OutboxMail) })).pipe(Effect.map((data) => data.items)),
  } satisfies SimulatorShape
})

export class Simulator extends Context.Service<Simulator, SimulatorShape>()("app/Simulator") {
  /** Over the app's HTTP client and bases: machines provide it per effect (it is not part of the app layer). */
  static readonly layer: Layer.Layer<Simulator, never, ApiConfig | HttpClient.HttpClient> = Layer.effect(Simulator, makeSimulator)
}
