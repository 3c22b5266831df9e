/**
 * Tells the root when a login ends (the session leaves `loggedIn`: logout, expiry, a replaced session, a lock), so
 * the root can drop what belonged to that login (report filters and rows, page actors) before anyone else logs in.
 */
import { fromCallback } from "xstate"
import { systemActor } from "../system-ids"

export interface LoginEnded {
  readonly type: "login.ended"
}

export const loginWatcher = fromCallback<{ type: string }>(({ system, sendBack }) => {
  const session = systemActor(system, "session")
  if (!session) return
  let loggedIn = false
  const check = (snapshot: { matches: (value: "loggedIn") => boolean }) => {
    const now = snapshot.matches("loggedIn")
    if (loggedIn && !now) sendBack({ type: "login.ended" } satisfies LoginEnded)
    loggedIn = now
  }
  check(session.getSnapshot())
  const subscription = session.subscribe(check)
  return () => subscription.unsubscribe()
})
