/**
 * `npm run bench:channels [-- --sends 200 --postgres]`
 *
 * A Meta webhook in -> the agent's screen: starts a test server (PGlite, or PostgreSQL with --postgres) whose Graph API
 * is its own fake Meta, connects a WhatsApp number for tenant one through the channels calls, connects the tenant
 * admin's socket, then posts `--sends` signed WhatsApp message webhooks one after another (each from a new customer
 * every 25) and times each from the POST until chat:message reaches the socket: the signature check, the one INSERT
 * of the job, the job queue's wake-up, the message's transaction and the socket fan-out. Prints median, p99 and max.
 */
import { parseArgs } from "node:util"
import { io, type Socket } from "socket.io-client"
import { signatureOf } from "../server/channels/meta/signature"
import { type PostgresCluster, startPostgres, startTestServer } from "../server/testing/test-server"

const { values } = parseArgs({ options: { sends: { type: "string", default: "200" }, postgres: { type: "boolean", default: false } } })

const cluster: PostgresCluster | null = values.postgres ? await startPostgres() : null
const server = await startTestServer({ config: { graphBaseUrl: "self" }, postgres: cluster ?? undefined })
const url = server.url
const devKey = server.services.config.devKey

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as any
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

try {
  const token = (await post("/api/auth/user", { username: "admin", password: "demo1234" })).user_token as string
  const phoneNumberId = "106540352242922"
  const appSecret = "0123456789abcdef0123456789abcdef"
  const accessToken = "EAAGbenchToken000001"
  await post(
    "/dev/meta/numbers",
    { clientId: 1, phone_number_id: phoneNumberId, display_number: "+15550783881", access_token: accessToken, app_secret: appSecret },
    { "x-dev-key": devKey },
  )
  const account = (
    await post(
      "/api/onboarding/whatsapp",
      {
        waba_id: "102290129340398",
        phone_number_id: phoneNumberId,
        display_number: "+15550783881",
        access_token: accessToken,
        app_secret: appSecret,
      },
      { "user-token": token },
    )
  ).data as { webhook_url: string }

  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = io(url, {
      path: "/rt/socket.io",
      transports: ["websocket"],
      auth: { user_token: token },
      reconnection: false,
      forceNew: true,
    })
    s.once("connect", () => resolve(s))
    s.once("connect_error", reject)
  })
  const sends = Number(values.sends)
  const latencies: number[] = []
  const tag = Date.now().toString().slice(-6)
  for (let i = 0; i < sends + 10; i++) {
    const text = `bench ${tag} ${i}`
    const from = `1650${tag}${String(i % 25).padStart(2, "0")}`
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: "Bench" }, wa_id: from }],
                messages: [
                  {
                    from,
                    id: `wamid.bench${tag}${i}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: "text",
                    text: { body: text },
                  },
                ],
              },
            },
          ],
        },
      ],
    })
    const started = performance.now()
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no chat:message within 5 s")), 5000)
      const on = (p: { message: { body: string } }) => {
        if (p.message.body !== text) return
        clearTimeout(timer)
        socket.off("chat:message", on)
        resolve(performance.now() - started)
      }
      socket.on("chat:message", on)
    })
    const response = await fetch(account.webhook_url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signatureOf(appSecret, raw) },
      body: raw,
    })
    if (response.status !== 200) throw new Error(`webhook ${response.status}`)
    const ms = await arrived
    if (i >= 10) latencies.push(ms)
  }
  socket.close()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]
  console.log(
    `Meta webhook in -> chat:message on the agent's socket (${values.postgres ? "PostgreSQL" : "PGlite"}, ${latencies.length} messages): ` +
      `median ${at(0.5).toFixed(1)} ms  p99 ${at(0.99).toFixed(1)} ms  max ${latencies.at(-1)!.toFixed(1)} ms`,
  )
} finally {
  await server.stop()
  await cluster?.stop()
}
