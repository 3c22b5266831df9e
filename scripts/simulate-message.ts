/**
 * `npm run simulate:message -- --number +905551112233 --text "Hi" [--client 1] [--channel whatsapp] [--name N]
 *   [--type image --link https://... [--filename F]] [--typing] [--inbox] [--read EXTERNAL_ID] [--url http://127.0.0.1:8080]`
 * A simulated customer writes to the tenant through the running server's development hooks (or types, shows what
 * their phone received from agents with --inbox, or reads an agent's message with --read). The hooks want the
 * server's per-start key: scripts/dev-key.ts finds it.
 */
import { devKeyHeaders } from "./dev-key"

const args = process.argv.slice(2)
const option = (name: string, fallback?: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] !== undefined && !args[at + 1].startsWith("--") ? args[at + 1] : fallback
}
const flag = (name: string) => args.includes(`--${name}`)

const url = option("url", process.env.SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`)!
const clientId = Number(option("client", "1"))
const channel = option("channel", "whatsapp")!
const number = option("number")

const usage = () => {
  console.error(
    'usage: npm run simulate:message -- --number +905551112233 --text "Hi" [--client 1] [--channel whatsapp|facebook|instagram|sms|webchat]',
  )
  console.error(
    "       [--name NAME] [--type image|document|video|audio --link URL [--filename F]] [--typing] [--inbox] [--read EXTERNAL_ID] [--url URL]",
  )
  process.exit(2)
}

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...devKeyHeaders(), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const parsed = (await response.json().catch(() => ({}))) as { data?: any; error?: { code: string; message: string } }
  if (!response.ok) {
    console.error(
      `simulate:message failed (${response.status} ${parsed.error?.code ?? ""}): ${parsed.error?.message ?? JSON.stringify(parsed)}`,
    )
    process.exit(1)
  }
  return parsed.data
}

const readId = option("read")
if (readId) {
  await call("POST", `/dev/simulator/messages/${encodeURIComponent(readId)}/read`)
  console.log(`the customer read ${readId}`)
  process.exit(0)
}
if (!number) usage()

if (flag("inbox")) {
  const data = await call("GET", `/dev/simulator/messages?${new URLSearchParams({ clientId: String(clientId), channel, number: number! })}`)
  for (const m of data.items as { external_id: string; type: string; body: string; status: string; dt: string }[]) {
    console.log(`${m.dt}  ${m.status.padEnd(9)} ${m.type.padEnd(11)} ${m.external_id}  ${m.body}`)
  }
  if (data.items.length === 0) console.log("(nothing received)")
} else if (flag("typing")) {
  await call("POST", "/dev/simulator/typing", { clientId, channel, number, state: "typing" })
  console.log(`${number} is typing on ${channel}`)
} else {
  const type = option("type", "text")
  const text = option("text")
  if (type === "text" && !text) usage()
  const data = await call("POST", "/dev/simulator/messages", {
    clientId,
    channel,
    number,
    type,
    text,
    link: option("link"),
    filename: option("filename"),
    name: option("name"),
  })
  console.log(`${number} wrote to tenant ${clientId} on ${channel}: conversation ${data.conversationId}, message ${data.messageId}`)
}
