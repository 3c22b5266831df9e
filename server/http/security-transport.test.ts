/**
 * Security suite, transport: a half-sent request is cut off (408) after the request time-out instead of holding its
 * connection for ever, and one address cannot hold more than its share of connections.
 */
import { connect, type Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../testing/test-server"

const opened: Socket[] = []
const open = (server: TestServer) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => resolve(socket))
    opened.push(socket)
    socket.on("error", reject)
  })

/** What the server sent before it closed the connection, or "open" after `ms`. */
const ending = (socket: Socket, ms: number) =>
  new Promise<string>((resolve) => {
    let text = ""
    socket.on("data", (chunk) => (text += chunk.toString()))
    socket.on("close", () => resolve(text || "closed"))
    setTimeout(() => resolve("open"), ms)
  })

describe("request time-outs and connection caps", () => {
  let plain: TestServer
  let tight: TestServer
  beforeAll(async () => {
    plain = await startTestServer()
    tight = await startTestServer({ config: { requestTimeoutMs: 1000, connectionsPerAddress: 4 } })
  })
  afterAll(async () => {
    for (const socket of opened) socket.destroy()
    await plain?.stop()
    await tight?.stop()
  })

  it("has a request time-out by default", () => {
    expect(plain.app.server.requestTimeout).toBe(plain.services.config.requestTimeoutMs)
    expect(plain.services.config.requestTimeoutMs).toBeGreaterThan(0)
    expect(plain.app.server.headersTimeout).toBeLessThanOrEqual(plain.services.config.requestTimeoutMs)
  })

  it("answers 408 and closes a connection whose body never arrives", async () => {
    const socket = await open(tight)
    socket.write('POST /api/auth/user HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"user')
    const started = Date.now()
    const reply = await ending(socket, 8000)
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it("refuses connections of one address beyond the cap, and takes new ones once some close", async () => {
    const held = await Promise.all([0, 1, 2, 3].map(() => open(tight)))
    const extra = await open(tight)
    expect(await ending(extra, 2000)).toBe("closed")
    held[0].destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    const again = await open(tight)
    again.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    expect(await ending(again, 3000)).toMatch(/^HTTP\/1\.1 200/)
    for (const socket of held) socket.destroy()
  })
})
