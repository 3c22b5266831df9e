/**
 * `npm run bench:demo-memory`: the resident memory of the demo server `npm start` runs, at the demo size. Starts it on
 * a new data folder (the first start, which seeds it), then again on the same folder (a restart), each time waits for
 * the logins it prints last, lets it settle (the demo channels connect meanwhile), and reads the VmRSS of every process of the start (the server is
 * the largest: tsx runs it in a child of its own). Bar: the server ≤ 500 MiB.
 *
 *   npm run bench:demo-memory [-- --settle 30]
 */
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { processes } from "./process-cpu"

const { values } = parseArgs({ options: { settle: { type: "string", default: "30" } } })
const settleMs = Number(values.settle) * 1000
const dataDir = mkdtempSync(join(tmpdir(), "demo-memory-"))

/** Processes whose process group is `group`, with their VmRSS in MiB. */
const residentOf = (group: number) =>
  processes()
    .filter((p) => p.group === group)
    .flatMap(({ pid }) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, "utf8")
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
        return [{ pid, name: /Name:\s+(\S+)/.exec(status)?.[1] ?? "?", mib: kb / 1024 }]
      } catch {
        return []
      }
    })

const measure = async (label: string) => {
  const port = 18_000 + Math.floor(Math.random() * 1000)
  // As `npm start` runs it: one Node.js process with tsx's loader (package.json).
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SMSC_PORT: String(port + 9000) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: no logins printed after 5 minutes\n${output}`)), 300_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (/admin2\s+tenant two/.test(output)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on("data", read)
    child.stderr.on("data", read)
  })
  const started = performance.now()
  await ready
  const readyS = (performance.now() - started) / 1000
  await new Promise((resolve) => setTimeout(resolve, settleMs))
  const processes = residentOf(child.pid!).sort((a, b) => b.mib - a.mib)
  process.kill(-child.pid!, "SIGTERM")
  await new Promise((resolve) => child.once("exit", resolve))
  const server = processes[0]
  console.log(
    `${label}: ready in ${readyS.toFixed(1)} s; after ${values.settle} s the server (pid ${server.pid}) holds ${server.mib.toFixed(0)} MiB ` +
      `(${server.mib <= 500 ? "within" : "over"} the 500 MiB bar); all processes ${processes.map((p) => `${p.name} ${p.mib.toFixed(0)}`).join(", ")}`,
  )
}

try {
  await measure("first start (seeds the demo)")
  await measure("restart on the same folder")
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
