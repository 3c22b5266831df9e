/** A tiny local HTTP receiver for webhook tests: records every request and answers as `answer` says (200, 500, hang). */
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly headers: IncomingHttpHeaders
  readonly body: string
}
export type Answer = number | "hang"

export const startReceiver = async (answer: (request: Received, index: number) => Answer = () => 200) => {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") }
      received.push(request)
      const reply = answer(request, received.length - 1)
      if (reply === "hang") return
      res.writeHead(reply, { "content-type": "text/plain" }).end(reply < 300 ? "ok" : "no")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
