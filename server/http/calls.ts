/** Registers every call of the contract with Fastify: credential, authorisation, validation, handler (or 501), transaction (one per write, or the handler's own per batch). */
import { settleAnswer } from "../core/after-commit"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import { allCalls } from "../../src/contract/catalogue"
import { routePathOf, type CallDef } from "../../src/contract/call"
import { resolvePrincipal } from "../auth/principal"
import type { Handler } from "../core/registry"
import type { Ctx, Services } from "./context"
import { authorize } from "./access"
import { validatePayload } from "./validate"
import { ApiError, notImplemented } from "./errors"
import { throttling } from "./throttle"
import { registerUploadParsers, withUpload, type UploadedFile } from "./upload"
import { onCommitOf } from "../db/db"

const header = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name]
  return typeof value === "string" && value.length > 0 ? value : undefined
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * GET and uploads (whose body is the file): the query; others: the JSON body. Path params are merged in by name (the
 * client removed them from the payload).
 */
const payloadOf = (call: CallDef, req: FastifyRequest): unknown => {
  const source = call.method === "GET" || call.upload ? req.query : req.body
  const params = (req.params ?? {}) as Record<string, string>
  if (source === undefined || source === null) return { ...params }
  if (!isPlainObject(source)) return source
  return { ...source, ...params }
}

export const prefixOf = (services: Services, call: CallDef) => (call.base === "socket" ? services.config.rtBase : services.config.apiBase)

export const urlOf = (services: Services, call: CallDef) => `${prefixOf(services, call)}${routePathOf(call.path)}`

const WRITES = new Set(["POST", "PUT", "DELETE"])

/**
 * An upload answered before its body arrived in full (refused for its token, its type or its size) closes the
 * connection after the answer: the rest of the body is not waited for, and the connection does not linger until the
 * server's request timeout (nor hold up the server's shutdown).
 */
const closeIfUnread = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (!req.raw.complete) reply.header("connection", "close")
  return payload
}

export const registerCalls = (app: FastifyInstance, services: Services, handlers: ReadonlyMap<string, Handler>) => {
  const throttleOf = throttling(app, services)
  registerUploadParsers(app, allCalls)
  for (const call of allCalls) {
    const key = `${call.group}.${call.name}`
    app.route({
      method: call.method,
      url: urlOf(services, call),
      ...throttleOf(call),
      ...(call.upload ? { onSend: closeIfUnread } : {}),
      handler: async (req) => {
        const { database, config } = services
        const principal = await resolvePrincipal(database.db, config.jwtSecret, call.credential, {
          userToken: header(req, "user-token"),
          clientToken: header(req, "client-token"),
          apiKey: header(req, "x-api-key"),
          ip: req.ip,
        })
        authorize(call, principal)
        const input = validatePayload(call, payloadOf(call, req))
        const handler = handlers.get(key)
        if (!handler) throw notImplemented(key)
        const base = {
          services,
          principal,
          call,
          ip: req.ip,
          userAgent: header(req, "user-agent") ?? "",
          origin: header(req, "origin") ?? `${req.protocol}://${header(req, "host") ?? "localhost"}`,
        }
        if (!WRITES.has(call.method))
          return handler.run({ ...base, db: database.db, afterCommit: (fn) => queueMicrotask(fn) } satisfies Ctx, input)
        const inBatches = async (upload?: UploadedFile) =>
          settleAnswer(
            await handler.run({ ...base, db: database.db, upload, afterCommit: (fn) => queueMicrotask(fn) } satisfies Ctx, input),
          )
        const inOneTransaction = async (upload?: UploadedFile) => {
          // The transaction's after-commit work runs once it committed, before the answer is settled.
          const result = await database.transaction(async (tx) => {
            try {
              return await handler.run({ ...base, db: tx, upload, afterCommit: (fn) => onCommitOf(tx, fn) } satisfies Ctx, input)
            } catch (error) {
              // A refusal that keeps its writes (keepingWrites): commit them, then answer the error.
              if (error instanceof ApiError && error.keepWrites) return { kept: error }
              throw error
            }
          })
          if (result && typeof result === "object" && "kept" in result && result.kept instanceof ApiError) throw result.kept
          return settleAnswer(result)
        }
        const write = handler.ownTransactions ? inBatches : inOneTransaction
        // An upload's file arrives in full before the transaction starts (server/http/upload.ts).
        return call.upload ? withUpload(call.upload, req, write) : write()
      },
    })
  }
}
