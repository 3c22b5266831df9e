/**
 * One Debian daemon (Kamailio, rtpengine, coturn, baresip) as a child process in the foreground: started, waited
 * for until `ready()` says it serves, killed with the Node process that started it, and stopped with SIGTERM (then
 * SIGKILL after 5 s). Its private folder (config, pid file) is removed when it stops.
 *
 * It runs in its own process group under a small shell (WATCHDOG) whose stdin is a pipe from this process: when
 * this process dies in any way (SIGKILL included), the pipe closes and the watchdog kills the whole group, so no
 * worker the daemon forked (Kamailio's) outlives it. Stopping sends SIGTERM to the daemon, waits for it, then
 * kills whatever is left of the group.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, createConnection } from "node:net"
import { createSocket } from "node:dgram"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface DaemonOptions {
  readonly name: string
  readonly bin: string
  /** Arguments; the daemon's private folder is passed in so the config can live there. */
  readonly args: (dir: string) => readonly string[]
  /** Resolves true once the daemon serves (polled every 50 ms for up to 15 s); given its output so far. */
  readonly ready: (output: string) => Promise<boolean>
  /** Writes its config files into the private folder before it starts. */
  readonly prepare?: (dir: string) => void
  readonly log?: (line: string) => void
}

export interface Daemon {
  readonly dir: string
  /** Its process group (the watchdog's pid): every process it started belongs to it. */
  readonly group: number
  /** The first 20 kB of its output (for error messages). */
  readonly output: () => string
  readonly onLine: (listener: (line: string) => void) => () => void
  readonly stop: () => Promise<void>
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once("exit", () => resolve())
  })

const WATCHDOG = [
  "exec 3<&0 0</dev/null",
  '"$@" &',
  "child=$!",
  // Reads until the parent's end of the pipe closes (the parent died), then kills the group.
  "{ while read -r _ <&3; do :; done; kill -KILL 0; } &",
  "exec 3<&-",
  "trap 'kill -TERM \"$child\" 2>/dev/null' TERM INT",
  'wait "$child"',
  'wait "$child" 2>/dev/null',
  "kill -KILL 0",
].join("\n")

/** Kills the daemon's whole process group (the watchdog shell, the daemon and its workers). */
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

export const startDaemon = async (options: DaemonOptions): Promise<Daemon> => {
  const dir = mkdtempSync(join(tmpdir(), `${options.name}-`))
  options.prepare?.(dir)
  const child = spawn("/bin/sh", ["-c", WATCHDOG, options.name, options.bin, ...options.args(dir)], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  })
  let output = ""
  const listeners = new Set<(line: string) => void>()
  let partial = ""
  const onData = (chunk: Buffer) => {
    const text = chunk.toString()
    if (output.length < 20_000) output += text
    const lines = (partial + text).split("\n")
    partial = lines.pop() ?? ""
    for (const line of lines) {
      if (!line.trim()) continue
      options.log?.(line)
      for (const listener of listeners) listener(line)
    }
  }
  child.stdout?.on("data", onData)
  child.stderr?.on("data", onData)
  child.once("error", (error) => {
    output += `\n${error.message}`
  })
  // A daemon must not outlive the Node process that started it: at a normal exit the group is killed at once; a
  // killed process closes the watchdog's pipe. SIGTERM and SIGINT end the process through its own handlers (or
  // Node's default, which closes the pipe too).
  const killOnExit = () => killGroup(child, "SIGKILL")
  process.once("exit", killOnExit)
  const cleanup = () => {
    process.removeListener("exit", killOnExit)
    rmSync(dir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 15_000
  while (!(await options.ready(output))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      killGroup(child, "SIGKILL")
      cleanup()
      throw new Error(`${options.name} did not start:\n${output.slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }

  let stopping: Promise<void> | null = null
  const stop = () => {
    stopping ??= (async () => {
      child.kill("SIGTERM")
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000)
      await exited(child)
      clearTimeout(timer)
      cleanup()
    })()
    return stopping
  }
  return {
    dir,
    group: child.pid ?? 0,
    output: () => output,
    onLine: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop,
  }
}

/** Whether something accepts TCP connections on host:port. */
export const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port })
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
  })

/** A port free for both TCP and UDP on `host` right now (the OS picks it). */
export const freePort = async (host = "127.0.0.1"): Promise<number> => {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once("error", reject)
      server.listen(0, host, () => {
        const { port } = server.address() as { port: number }
        server.close(() => resolve(port))
      })
    })
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = createSocket("udp4")
      socket.once("error", () => resolve(false))
      socket.bind(port, host, () => socket.close(() => resolve(true)))
    })
    if (udpFree) return port
  }
}
