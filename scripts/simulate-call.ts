/**
 * `npm run simulate:call -- --client 1 --number +905551112233 [--name "Ayşe"] [--url http://127.0.0.1:8080] [--hangup-after 30]`
 * The simulated customer calls the tenant through the running server's development hook (with its per-start key).
 */
import { devKeyHeaders } from "./dev-key"

const args = process.argv.slice(2)
const option = (name: string, fallback?: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback
}

const url = option("url", process.env.SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`)!
const clientId = Number(option("client", "1"))
const number = option("number")
const callerName = option("name")
const hangupAfter = Number(option("hangup-after", "0"))

if (!number) {
  console.error("usage: npm run simulate:call -- --client 1 --number +905551112233 [--name NAME] [--url URL] [--hangup-after SECONDS]")
  process.exit(2)
}

const response = await fetch(`${url}/dev/simulator/calls`, {
  method: "POST",
  headers: { "content-type": "application/json", ...devKeyHeaders() },
  body: JSON.stringify({ clientId, number, name: callerName }),
})
const body = (await response.json()) as { data?: { callId: string }; error?: { message: string } }
if (!response.ok || !body.data) {
  console.error(`simulate:call failed (${response.status}): ${body.error?.message ?? JSON.stringify(body)}`)
  process.exit(1)
}
console.log(`ringing tenant ${clientId} from ${number}: ${body.data.callId}`)
if (hangupAfter > 0) {
  await new Promise((resolve) => setTimeout(resolve, hangupAfter * 1000))
  const hangup = await fetch(`${url}/dev/simulator/calls/${body.data.callId}/hangup`, { method: "POST", headers: devKeyHeaders() })
  console.log(hangup.ok ? "the customer hung up" : `the call had already ended (${hangup.status})`)
}
