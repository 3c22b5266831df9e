/**
 * The report actors live while the page does (so filters survive navigation) but belong to one login: when the
 * session leaves `loggedIn`, every report is reset to its defaults, rows and all, before anyone else logs in.
 */
import { fromCallback } from "xstate"

export const REPORT_IDS = ["report-otp-logs", "report-call-history", "report-complain-tickets"] as const

export const reportLifetime = fromCallback(({ system }) => {
  const session = system.get("session")
  if (!session) return
  let loggedIn = false
  const check = (snapshot: { matches: (value: string) => boolean }) => {
    const now = snapshot.matches("loggedIn")
    if (loggedIn && !now) for (const id of REPORT_IDS) system.get(id)?.send({ type: "REPORT.RESET" })
    loggedIn = now
  }
  check(session.getSnapshot())
  const subscription = session.subscribe(check)
  return () => subscription.unsubscribe()
})
