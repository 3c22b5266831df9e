/** Shared test plumbing: one server per database kind per file, and a client that speaks the wire conventions. */
import { Exit, Schema } from "effect"
import { afterAll, beforeAll } from "vitest"
import { catalogue, type CallName, type GroupKey } from "../../src/contract/catalogue"
import type { CallDef } from "../../src/contract/call"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer, type TestServerOptions } from "./test-server"

export const DB_KINDS = ["pglite", "postgres"] as const
export type DbKind = (typeof DB_KINDS)[number]

export interface Reply {
  readonly status: number
  readonly body: any
}

/** Text of any value, as a path segment or query value (random payloads hold odd objects). */
const textOf = (value: unknown): string => {
  if (typeof value === "string") return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return "?"
  }
}

export const callOf = <G extends GroupKey>(group: G, name: CallName<G>): CallDef =>
  (catalogue[group].calls as Record<string, CallDef>)[name]

/**
 * Builds the request the console would send: path params from the payload, GET payload as query, uploads' `file` as
 * the raw body with the rest as query, others as JSON body.
 */
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

export const send = async (
  url: string,
  call: CallDef,
  payload: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Reply> => {
  const rest: Record<string, unknown> = isRecord(payload) ? { ...payload } : {}
  const path = call.path
    .split("/")
    .map((segment) => {
      const name = segment === "id" ? "id" : /^\{(.+)\}$/.exec(segment)?.[1]
      if (!name) return segment
      const value = rest[name]
      delete rest[name]
      return encodeURIComponent(value === undefined || value === null ? "" : typeof value === "object" ? textOf(value) : String(value))
    })
    .join("/")
  const prefix = call.base === "socket" ? "/rt" : "/api"
  let target = `${url}${prefix}${path}`
  const init: RequestInit = { method: call.method, headers: { ...headers } }
  if (call.method === "GET" || call.upload) {
    // An upload call (CallDef.upload): the payload's `file` (text or bytes) is the raw body, the rest the query.
    const { file, ...fields } = call.upload ? rest : { ...rest, file: undefined }
    const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, textOf(v)]))
    if ([...query].length) target += `?${query}`
    if (call.upload) {
      init.body = (file ?? "") as string | Uint8Array<ArrayBuffer>
      ;(init.headers as Record<string, string>)["content-type"] = call.upload.contentType
    }
  } else {
    init.body = textOf(isRecord(payload) ? rest : payload)
    ;(init.headers as Record<string, string>)["content-type"] = "application/json"
  }
  const response = await fetch(target, init)
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: response.status, body }
}

export const login = async (url: string, username: string, password = "demo1234") => {
  const reply = await send(url, callOf("auth", "authUser"), { username, password })
  if (reply.status !== 200) throw new Error(`login ${username}: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body as {
    user_token: string
    client_token: string
    login_id: string
    user_data: { id: number; client_id: number }
    user_acl: Record<string, boolean>
    back_acl: Record<string, 1>
  }
}

export const as = (token: string) => ({ "user-token": token })

/** A /dev/* hook called with the server's per-start key (dev/access.ts), as the CLI scripts do; `body` goes as JSON. */
export const devFetch = (server: TestServer, path: string, body?: unknown, method = body === undefined ? "GET" : "POST") =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { "x-dev-key": server.services.config.devKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** Starts (in beforeAll) one server for the given database kind and stops it after the file. */
export const useServer = (kind: DbKind, options: Omit<TestServerOptions, "postgres"> = {}) => {
  const state: { server: TestServer | null; cluster: PostgresCluster | null } = { server: null, cluster: null }
  beforeAll(async () => {
    if (kind === "postgres") state.cluster = await startPostgres()
    state.server = await startTestServer({ ...options, postgres: state.cluster ?? undefined })
  })
  afterAll(async () => {
    await state.server?.stop()
    await state.cluster?.stop()
  })
  return {
    get url() {
      return state.server!.url
    },
    get server() {
      return state.server!
    },
  }
}

/** `body` when it is exactly the call's response shape (no key the contract lacks); otherwise throws naming the call. */
export const shaped = (call: CallDef, body: unknown): any => {
  const exit = Schema.decodeUnknownExit((call as { response: Schema.Top }).response as never, { onExcessProperty: "error" })(body)
  if (Exit.isFailure(exit)) throw new Error(`${call.group}.${call.name}: ${String(exit.cause)}`)
  return body
}

/** A simulated customer of tenant one writes in on WhatsApp (the channel simulator's hook); `body` overrides the defaults. */
export const customerWrites = async (server: TestServer, number: string, body: Record<string, unknown> = {}): Promise<Reply> => {
  const response = await devFetch(server, "/dev/simulator/messages", { clientId: 1, channel: "whatsapp", number, text: "Hi", ...body })
  return { status: response.status, body: await response.json() }
}
