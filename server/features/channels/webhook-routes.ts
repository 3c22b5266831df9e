/**
 * Meta's webhooks for one account (the URL the tenant pasted in Meta's console, with its verify token):
 *
 *   GET  /hooks/meta/:key?hub.mode=subscribe&hub.verify_token=&hub.challenge=   answers the challenge, else 403
 *   POST /hooks/meta/:key   X-Hub-Signature-256 over the raw bytes with the account's app secret, else 401 (logged);
 *                           then one INSERT (a `channels.webhook` job) and 200: the work happens in the job queue
 *
 * The body is kept as the bytes that arrived (a content parser for these routes only): the signature is over them.
 */
import { timingSafeEqual } from "node:crypto"
import { enqueue } from "../../core/jobs"
import { signatureValid } from "../../channels/meta/signature"
import type { HttpRoutes } from "../../core/registry"
import { accountByKey, secretsOf } from "./accounts"
import { WEBHOOK_JOB } from "./webhook-jobs"
import { primeAccounts } from "./meta-channel"
import { SHED_WHEN_BUSY } from "../../http/shedding"

const KEY = /^[A-Za-z0-9_-]{8,64}$/

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

type Query = Record<string, string | undefined>

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    primeAccounts(services)
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body))

      scope.get<{ Params: { key: string }; Querystring: Query }>("/hooks/meta/:key", async (req, reply) => {
        const account = KEY.test(req.params.key) ? await accountByKey(services.database.db, req.params.key) : null
        const q = req.query
        if (!account || q["hub.mode"] !== "subscribe" || !sameText(q["hub.verify_token"] ?? "", account.verifyToken)) {
          console.warn(`[channels] refused a webhook verification for ${account ? `account ${account.id}` : "an unknown key"}`)
          return reply.status(403).type("text/plain").send("Verification failed")
        }
        return reply.type("text/plain").send(q["hub.challenge"] ?? "")
      })

      scope.post<{ Params: { key: string } }>("/hooks/meta/:key", { config: SHED_WHEN_BUSY }, async (req, reply) => {
        const account = KEY.test(req.params.key) ? await accountByKey(services.database.db, req.params.key) : null
        if (!account) return reply.status(404).send({ error: { code: "NOT_FOUND", message: "No channel has this webhook address" } })
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const signature = req.headers["x-hub-signature-256"]
        if (!signatureValid(secretsOf(services.config, account).appSecret, raw, typeof signature === "string" ? signature : undefined)) {
          console.warn(`[channels] refused a webhook for account ${account.id} (tenant ${account.clientId}): bad X-Hub-Signature-256`)
          return reply.status(401).send({ error: { code: "BAD_SIGNATURE", message: "X-Hub-Signature-256 does not match the body" } })
        }
        let body: string
        try {
          body = raw.toString("utf8")
          JSON.parse(body)
        } catch {
          return reply.status(400).send({ error: { code: "BAD_REQUEST", message: "The body is not JSON" } })
        }
        await services.database.transaction((tx) =>
          enqueue(tx, { kind: WEBHOOK_JOB, clientId: account.clientId, payload: { account_id: account.id, body }, maxAttempts: 10 }),
        )
        return reply.type("text/plain").send("EVENT_RECEIVED")
      })
    })
  },
]
