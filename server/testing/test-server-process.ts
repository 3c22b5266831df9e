/**
 * A test server (test-server.ts) in a process of its own. The browser suite starts one per Playwright worker: in the
 * runner's process they would share one event loop, and each PGlite query blocks it, so one worker's server work would
 * wait behind the other's while the machine's second core idles.
 *
 *   const server = await startTestServerProcess({ distDir, config })   // { url, stop }
 *
 * Run as a script it is the child: it starts the server with the options in TEST_SERVER_OPTIONS, prints
 * `listening <url>`, and stops on SIGTERM or when its parent goes away (its stdin closes).
 */
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { startTestServer, type TestServerOptions } from "./test-server"

/** What crosses the process boundary: the options that are plain data. */
export type ProcessOptions = Pick<TestServerOptions, "config" | "distDir" | "jwtSecret">

export interface ServerProcess {
  readonly url: string
  readonly stop: () => Promise<void>
}

const self = fileURLToPath(import.meta.url)
const READY = "listening "

export const startTestServerProcess = (options: ProcessOptions = {}): Promise<ServerProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", self], {
      env: { ...process.env, TEST_SERVER_OPTIONS: JSON.stringify(options) },
      stdio: ["pipe", "pipe", "inherit"],
    })
    const exited = new Promise<void>((done) => child.once("exit", () => done()))
    child.once("exit", (code) => reject(new Error(`the test server process ended (exit ${code}) before it listened`)))
    const lines = createInterface({ input: child.stdout })
    lines.on("line", (line) => {
      if (!line.startsWith(READY)) return void process.stdout.write(`${line}\n`)
      resolve({
        url: line.slice(READY.length),
        stop: async () => {
          child.kill("SIGTERM")
          await exited
        },
      })
    })
  })

const runChild = async () => {
  const server = await startTestServer(JSON.parse(process.env.TEST_SERVER_OPTIONS ?? "{}") as ProcessOptions)
  // server.stop() runs once however often it is called.
  const stop = () => void server.stop().finally(() => process.exit(0))
  process.once("SIGTERM", stop)
  process.stdin.once("end", stop)
  process.stdin.resume()
  process.stdout.write(`${READY}${server.url}\n`)
}

if (process.argv[1] === self) await runChild()
