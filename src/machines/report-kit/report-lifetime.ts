/**
 * The report actors live while the page does (so filters survive navigation) but belong to one login: when the
 * session leaves `loggedIn`, every report named in the input is reset to its defaults, rows and all, before anyone
 * else logs in. The root passes its whole report table.
 */
import { fromCallback } from "xstate"

export const reportLifetime = fromCallback<{ type: string }, { readonly ids: readonly string[] }>(({ system, input }) => {
  const session = system.get("session")
  if (!session) return
  let loggedIn = false
  const check = (snapshot: { matches: (value: string) => boolean }) => {
    const now = snapshot.matches("loggedIn")
    if (loggedIn && !now) for (const id of input.ids) system.get(id)?.send({ type: "REPORT.RESET" })
    loggedIn = now
  }
  check(session.getSnapshot())
  const subscription = session.subscribe(check)
  return () => subscription.unsubscribe()
})
