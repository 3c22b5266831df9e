/**
 * CPU seconds of processes, from Linux's /proc (USER_HZ: 100 ticks a second). A process's `own` time and its `reaped`
 * children's (cutime and cstime: ended children it waited for, theirs included); a tree's time is the sum of both over
 * the root and its live descendants, so two readings of a tree give exactly what it spent between them, children that
 * ended meanwhile included (a PostgreSQL's backends). Empty or null where there is no /proc.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"

const TICKS = 100

export interface ProcStat {
  readonly pid: number
  readonly ppid: number
  /** Its process group. */
  readonly group: number
  readonly own: number
  readonly reaped: number
}

/** One process's /proc/<pid>/stat, or null when it is gone. */
export const statOf = (pid: number | "self"): ProcStat | null => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8")
    // The fields after the command name's closing parenthesis, from the third (state): ppid is the 4th, the process
    // group the 5th, utime the 14th, stime the 15th, cutime the 16th, cstime the 17th.
    const fields = text.slice(text.lastIndexOf(") ") + 2).split(" ")
    return {
      pid: Number.parseInt(text, 10),
      ppid: Number(fields[1]),
      group: Number(fields[2]),
      own: (Number(fields[11]) + Number(fields[12])) / TICKS,
      reaped: (Number(fields[13]) + Number(fields[14])) / TICKS,
    }
  } catch {
    return null
  }
}

/** Every process now. */
export const processes = (): ProcStat[] =>
  existsSync("/proc")
    ? readdirSync("/proc")
        .filter((name) => /^\d+$/.test(name))
        .flatMap((name) => statOf(Number(name)) ?? [])
    : []

/** Every process now, by pid and by parent. */
const processTable = () => {
  const all = processes()
  const children = new Map<number, ProcStat[]>()
  for (const p of all) {
    const siblings = children.get(p.ppid)
    if (siblings) siblings.push(p)
    else children.set(p.ppid, [p])
  }
  return { byPid: new Map(all.map((p) => [p.pid, p])), children }
}

/** CPU seconds of the tree under `root` (own and reaped, the root and its live descendants), or null once it is gone. */
const treeSeconds = (root: number, table: ReturnType<typeof processTable>): number | null => {
  const top = table.byPid.get(root)
  if (!top) return null
  let seconds = 0
  const stack = [top]
  for (let p = stack.pop(); p; p = stack.pop()) {
    seconds += p.own + p.reaped
    stack.push(...(table.children.get(p.pid) ?? []))
  }
  return seconds
}

/**
 * What named groups of process trees spend from now on: `read()` takes a reading (take one right before killing a
 * process: a tree that is gone keeps its last reading), `spent()` answers CPU seconds by name since the first.
 */
export const cpuMeter = (groups: Readonly<Record<string, readonly number[]>>) => {
  const first = new Map<number, number>()
  const last = new Map<number, number>()
  const read = () => {
    const table = processTable()
    for (const pid of Object.values(groups).flat()) {
      const seconds = treeSeconds(pid, table)
      if (seconds === null) continue
      if (!first.has(pid)) first.set(pid, seconds)
      last.set(pid, seconds)
    }
  }
  read()
  return {
    read,
    spent: (): Record<string, number> =>
      Object.fromEntries(
        Object.entries(groups).map(([name, pids]) => [
          name,
          pids.reduce((sum, pid) => sum + (last.get(pid) ?? 0) - (first.get(pid) ?? 0), 0),
        ]),
      ),
  }
}
