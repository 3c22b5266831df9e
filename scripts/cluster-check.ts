/**
 * `npx tsx scripts/cluster-check.ts URL DEV_KEY`: against a running `npm run cluster`, two agent sockets through the
 * balancer (which spreads them over the nodes), a customer's message through the balancer, and whether both sockets
 * hear it. Prints what each step answered; exits 1 when a socket missed the message.
 */
import { io, type Socket } from "socket.io-client"
import { catalogue } from "../src/contract/catalogue"

const [url, devKey] = process.argv.slice(2)
if (!url || !devKey) {
  console.error("usage: npx tsx scripts/cluster-check.ts URL DEV_KEY (both printed by npm run cluster)")
  process.exit(2)
}
const login = async (username: string) => {
  const response = await fetch(`${url}/api${catalogue.auth.calls.authUser.path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "demo1234" }),
  })
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`)
  return ((await response.json()) as { user_token: string }).user_token
}
const connect = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { path: "/rt/socket.io", transports: ["websocket"], auth: { user_token: token }, forceNew: true })
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", reject)
  })
const ready = await fetch(`${url}/readyz`)
console.log(`readyz through the balancer: ${ready.status} ${await ready.text()}`)
const sockets = await Promise.all([connect(await login("agent1")), connect(await login("admin"))])
const text = `cluster check ${Date.now()}`
const heard = sockets.map(
  (socket) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000)
      socket.on("chat:message", (p: { message?: { body?: string } }) => {
        if (p.message?.body !== text) return
        clearTimeout(timer)
        resolve(true)
      })
    }),
)
const sent = await fetch(`${url}/dev/simulator/messages`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-dev-key": devKey },
  body: JSON.stringify({ clientId: 1, channel: "whatsapp", number: "+905557799001", text }),
})
console.log(`customer's message through the balancer: ${sent.status}`)
const results = await Promise.all(heard)
console.log(`heard on agent1's socket: ${results[0]}, on admin's socket: ${results[1]}`)
for (const socket of sockets) socket.close()
process.exit(results.every(Boolean) ? 0 : 1)
