import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/** One request as the server saw it. */
export interface SeenRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingMessage["headers"]
  readonly rawBody: string
  readonly body: unknown
}

export interface Reply {
  readonly status?: number
  readonly body?: unknown
  /** Raw text instead of JSON. */
  readonly text?: string
  /** Never answer (for interruption tests). */
  readonly hang?: boolean
}

type Handler = (request: SeenRequest) => Reply

/**
 * A real HTTP server on 127.0.0.1, port 0: it records every request and answers with the reply registered for
 * "METHOD /path" (default 200 `{ data: { ok: true } }`). `aborted` lists requests whose client went away before
 * an answer.
 */
export const startTestServer = async () => {
  const seen: SeenRequest[] = []
  const aborted: string[] = []
  const routes = new Map<string, Handler>()
  const waiters: Array<{ predicate: () => boolean; resolve: () => void }> = []
  const notify = () => {
    for (const waiter of [...waiters]) {
      if (waiter.predicate()) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    }
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1")
      const rawBody = Buffer.concat(chunks).toString("utf8")
      let body: unknown
      try {
        body = rawBody === "" ? undefined : JSON.parse(rawBody)
      } catch {
        body = rawBody
      }
      const request: SeenRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        body,
      }
      seen.push(request)
      const key = `${request.method} ${request.path}`
      res.on("close", () => {
        if (!res.writableFinished) {
          aborted.push(key)
          notify()
        }
      })
      const reply: Reply = (routes.get(key) ?? ((): Reply => ({ body: { data: { ok: true } } })))(request)
      notify()
      if (reply.hang) return
      res.statusCode = reply.status ?? 200
      if (reply.text !== undefined) {
        res.setHeader("content-type", "text/plain")
        res.end(reply.text)
      } else {
        res.setHeader("content-type", "application/json")
        res.end(reply.body === undefined ? "" : JSON.stringify(reply.body))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    aborted,
    /** Registers the answer for "METHOD /path". */
    on: (key: string, handler: Handler | Reply) => void routes.set(key, typeof handler === "function" ? handler : () => handler),
    reset: () => {
      seen.length = 0
      aborted.length = 0
      routes.clear()
    },
    waitFor: (predicate: () => boolean, timeoutMs = 5_000) =>
      predicate()
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("test server: condition not met in time")), timeoutMs)
            waiters.push({
              predicate,
              resolve: () => {
                clearTimeout(timer)
                resolve()
              },
            })
          }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>
