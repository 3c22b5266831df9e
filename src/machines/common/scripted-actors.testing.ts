/**
 * A memory runtime for model-based tests: every invoked promise actor waits until the test settles it by its invoke
 * id, so a path step `xstate.done.actor.<id>` / `xstate.error.actor.<id>` from xstate/graph is replayed on the real
 * actor by settling the real invocation with the same output or error.
 */
import { fromPromise } from "xstate"

interface Pending {
  readonly resolve: (value: unknown) => void
  readonly reject: (error: unknown) => void
  readonly input: unknown
}

export const makeScript = () => {
  const pending = new Map<string, Pending>()
  const calls: { id: string; input: unknown }[] = []
  const logic = fromPromise<unknown, unknown>(
    ({ self, input }) =>
      new Promise((resolve, reject) => {
        calls.push({ id: self.id, input })
        pending.set(self.id, { resolve, reject, input })
      }),
  )
  const take = (id: string) => {
    const entry = pending.get(id)
    if (!entry) throw new Error(`no pending invocation "${id}" (pending: ${[...pending.keys()].join(", ") || "none"})`)
    pending.delete(id)
    return entry
  }
  return {
    logic,
    calls,
    pendingIds: () => [...pending.keys()],
    resolve: (id: string, output: unknown) => take(id).resolve(output),
    reject: (id: string, error: unknown) => take(id).reject(error),
    /** Settles the invocation a completion event names with its outcome; false when nothing by that id is pending. */
    complete: (outcome: { id: string; ok: boolean; value: unknown }) => {
      const entry = pending.get(outcome.id)
      if (!entry) return false
      pending.delete(outcome.id)
      if (outcome.ok) entry.resolve(outcome.value)
      else entry.reject(outcome.value)
      return true
    },
    /** Leaving a state stops its invocation: forget what the machine no longer waits for. */
    forget: (keep: (id: string) => boolean) => {
      for (const id of [...pending.keys()]) if (!keep(id)) pending.delete(id)
    },
  }
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

const DONE = /^xstate\.done\.actor\.(.+)$/
const ERROR = /^xstate\.error\.actor\.(.+)$/

/** Splits an actor-completion event into its invoke id and outcome; null for ordinary events. */
export const completion = (event: { type: string; output?: unknown; error?: unknown }) => {
  const done = DONE.exec(event.type)
  if (done) return { id: done[1], ok: true as const, value: event.output }
  const failed = ERROR.exec(event.type)
  if (failed) return { id: failed[1], ok: false as const, value: event.error }
  return null
}

/** A JWT-shaped token whose payload carries `exp` (seconds); the signature is irrelevant to the console. */
export const jwtWith = (exp: number) => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: 3, exp })}.signature`
}
