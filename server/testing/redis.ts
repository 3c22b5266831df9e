/**
 * Debian's redis-server on a private port, in memory only (no RDB, no AOF), for tests and scripts:
 *
 *   const redis = await startRedis()     // { url: "redis://127.0.0.1:<port>", stop }
 *   ...; await redis.stop()
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../sip/daemon"

export interface RedisServer {
  readonly url: string
  readonly port: number
  /** The redis-server process (its CPU time is read by bench:cluster). */
  readonly pid: number
  readonly stop: () => Promise<void>
}

const REDIS_BIN = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"]

/** Whether the TCP port answers a PING with PONG. */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.setTimeout(500)
    socket.once("connect", () => socket.write("PING\r\n"))
    socket.once("data", (data) => {
      socket.destroy()
      resolve(data.toString().startsWith("+PONG"))
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })

export const startRedis = async (): Promise<RedisServer> => {
  const bin = REDIS_BIN.find(existsSync)
  if (!bin) throw new Error("redis-server is not installed (apt-get install redis-server, or scripts/ensure-test-deps.sh)")
  const dir = mkdtempSync(join(tmpdir(), "redis-test-"))
  const port = await freePort()
  const child = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
    stdio: ["ignore", "ignore", "pipe"],
  })
  let stderr = ""
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const deadline = Date.now() + 10_000
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL")
      rmSync(dir, { recursive: true, force: true })
      throw new Error(`redis-server did not start on port ${port}: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  let stopped = false
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? 0,
    stop: async () => {
      if (stopped) return
      stopped = true
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
