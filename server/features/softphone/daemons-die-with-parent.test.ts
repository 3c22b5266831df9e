/**
 * Kamailio, rtpengine and coturn die with the Node process that started them, even when it is killed with SIGKILL
 * (no exit handler runs): each runs in its own process group under a watchdog that kills the group when its pipe
 * from the parent closes. Kamailio's forked workers included.
 */
import { spawn, execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { kamailioSkipReason } from "../../sip/kamailio"
import { rtpengineMissing } from "../../sip/rtpengine"
import { coturnMissing } from "../../sip/coturn"

const parentScript = fileURLToPath(new URL("../../sip/daemon-parent.testing.ts", import.meta.url))

/** Every process now: pid, parent pid and process group. */
const processes = () =>
  execFileSync("ps", ["-e", "-o", "pid=,ppid=,pgid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number))
    .map(([pid, ppid, pgid]) => ({ pid, ppid, pgid }))

const skip = kamailioSkipReason() ?? rtpengineMissing() ?? coturnMissing()

describe.skipIf(skip !== null)("daemons and the process that started them", () => {
  it("leave no process behind when their parent is killed with SIGKILL", async () => {
    const parent = spawn(process.execPath, ["--import", "tsx", parentScript], { stdio: ["ignore", "pipe", "inherit"] })
    try {
      await new Promise<void>((resolve, reject) => {
        parent.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve())
        parent.once("exit", (code) => reject(new Error(`the parent exited (${code}) before its daemons were ready`)))
      })
      // The parent's daemons: one process group each, led by its watchdog.
      const groups = processes()
        .filter((p) => p.ppid === parent.pid && p.pgid === p.pid)
        .map((p) => p.pgid)
      expect(groups).toHaveLength(3)
      const members = (group: number) => processes().filter((p) => p.pgid === group).length
      // Kamailio forks workers: its group holds the watchdog, the daemon and more.
      expect(Math.max(...groups.map(members))).toBeGreaterThan(3)
      parent.kill("SIGKILL")
      await expect.poll(() => groups.map(members), { timeout: 5_000 }).toEqual([0, 0, 0])
    } finally {
      parent.kill("SIGKILL")
    }
  })
})
