/**
 * The operator's production install of this tree, in a temporary copy (production-load.test.ts): the files a commit
 * would hold (tracked and new, nothing ignored: no node_modules, dist or data), `npm ci --omit=dev`, `npm run build`,
 * and `npm run start:prod` as a child process group. Every step's wall time is kept.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const repo = fileURLToPath(new URL("../..", import.meta.url))
/**
 * The copy lives in memory where the machine has a tmpfs: its 35,000 installed files are written and removed without
 * touching the disk (removing them from an ext4 mounted with `discard` takes minutes).
 */
const IN_MEMORY = "/dev/shm"

/** What a start reads that this process's environment must not lend it: each start is given its own. */
const OWN = new Set([
  "NODE_OPTIONS",
  "NODE_ENV",
  "JWT_SECRET",
  "PUBLIC_URL",
  "SMTP_URL",
  "DATABASE_URL",
  "DATA_DIR",
  "REDIS_URL",
  "PORT",
  "ADMIN_PASSWORD",
])

/** A child's environment: nothing of this vitest worker's (its loader options, NODE_ENV=test) or its settings, plus `extra`. */
const envOf = (extra: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !OWN.has(key))),
  ...extra,
})

export interface Ran {
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

const collect = (child: ChildProcess): Promise<Ran> => {
  let stdout = ""
  let stderr = ""
  child.stdout?.on("data", (chunk) => (stdout += chunk))
  child.stderr?.on("data", (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })))
}

const npm = (dir: string, args: string[], env: Record<string, string> = {}) =>
  collect(spawn("npm", args, { cwd: dir, env: envOf(env), stdio: ["ignore", "pipe", "pipe"] }))

export interface Installed {
  readonly dir: string
  /** Wall seconds per step. */
  readonly seconds: Record<string, number>
  readonly build: () => Promise<void>
  /** `npm run start:prod` until it exits by itself (a refused start). */
  readonly refusedStart: (env: Record<string, string>) => Promise<Ran>
  readonly start: (env: Record<string, string>) => Promise<Started>
  readonly remove: () => void
}

export interface Started {
  readonly url: string
  /** What the start printed so far. */
  readonly printed: () => string
  /** SIGTERM to the whole start (npm, tsx and the server): what it printed, and its exit status. */
  readonly stop: () => Promise<Ran>
}

const step = async (seconds: Record<string, number>, name: string, run: () => Promise<Ran>) => {
  const began = performance.now()
  const ran = await run()
  seconds[name] = Math.round((performance.now() - began) / 100) / 10
  if (ran.status !== 0) throw new Error(`${name} exited with ${ran.status}:\n${ran.stderr}\n${ran.stdout}`)
}

/** Copies the tree and runs `npm ci --omit=dev` in the copy (the npm cache holds every package). */
export const installCopy = async (): Promise<Installed> => {
  const dir = mkdtempSync(join(existsSync(IN_MEMORY) ? IN_MEMORY : tmpdir(), "production-install-"))
  const seconds: Record<string, number> = {}
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repo, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(join(repo, file)))
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    copyFileSync(join(repo, file), join(dir, file))
  }
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    await step(seconds, "npm ci --omit=dev", () => npm(dir, ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"]))
  } catch (error) {
    remove()
    throw error
  }
  return {
    dir,
    seconds,
    build: () => step(seconds, "npm run build", () => npm(dir, ["run", "build"])),
    refusedStart: (env) => npm(dir, ["run", "start:prod"], env),
    start: async (env) => {
      const began = performance.now()
      const child = spawn("npm", ["run", "start:prod"], { cwd: dir, env: envOf(env), stdio: ["ignore", "pipe", "pipe"], detached: true })
      const done = collect(child)
      let printed = ""
      child.stdout.on("data", (chunk) => (printed += chunk))
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", () => {
          const address = /Console and API: (http:\/\/\S+)/.exec(printed)?.[1]
          if (address) resolve(address)
        })
        void done.then((ran) => reject(new Error(`npm run start:prod exited with ${ran.status}:\n${ran.stderr}\n${ran.stdout}`)))
      })
      seconds["npm run start:prod (a new database: migrated and seeded)"] = Math.round((performance.now() - began) / 100) / 10
      return {
        url,
        printed: () => printed,
        stop: () => {
          if (child.pid) process.kill(-child.pid, "SIGTERM")
          return done
        },
      }
    },
    remove,
  }
}
