/**
 * One webhook POST over node:http(s) with kept-alive connections and one deadline for the whole exchange. (fetch with
 * `AbortSignal.timeout` cost 4–5 times the CPU per request in `bench:webhooks`, and the CPU is what limits deliveries.)
 * Redirects are not followed: a 3xx is an answer like any other non-2xx. A non-public address (but the loopback when
 * `loopbackAllowed`, in development) is refused before anything is sent (target-rules.ts).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http"
import { Agent as HttpsAgent, request as httpsRequest } from "node:https"
import { guardedLookup, PrivateTarget, refusedLiteral } from "./target-rules"

const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 256 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 256 }) }
const lookups = { loopbackAllowed: guardedLookup(true), publicOnly: guardedLookup(false) }

/** The deadline passed without a whole answer. */
export class NoAnswer extends Error {
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`)
  }
}

/** Answers the status code once the whole answer arrived (its body is read and dropped); throws NoAnswer or the socket's error. */
export const postJson = (
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  loopbackAllowed: boolean,
): Promise<number> =>
  new Promise((resolve, reject) => {
    const target = new URL(url)
    if (refusedLiteral(target.hostname, loopbackAllowed)) return reject(new PrivateTarget())
    const secure = target.protocol === "https:"
    const send = secure ? httpsRequest : httpRequest
    const request = send(
      target,
      {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        lookup: loopbackAllowed ? lookups.loopbackAllowed : lookups.publicOnly,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response: IncomingMessage) => {
        response.resume()
        response.on("end", () => {
          clearTimeout(deadline)
          resolve(response.statusCode ?? 0)
        })
        response.on("error", fail)
      },
    )
    const deadline = setTimeout(() => request.destroy(new NoAnswer(timeoutMs)), timeoutMs)
    function fail(error: Error) {
      clearTimeout(deadline)
      reject(error)
    }
    request.on("error", fail)
    request.end(body)
  })
