import { startTestServer } from "../server/testing/test-server"
const server = await startTestServer({ config: { graphBaseUrl: "self" } })
await server.stop()
console.log("stopped")
setTimeout(() => {
  const handles = (process as any)._getActiveHandles().map((h: any) => h.constructor?.name + (h._idleTimeout ? `(${h._idleTimeout}ms)` : ""))
  console.log("handles", handles)
  const reqs = (process as any)._getActiveRequests().map((h: any) => h.constructor?.name)
  console.log("requests", reqs)
  process.exit(0)
}, 3000).unref()
