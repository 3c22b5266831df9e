/**
 * While the templates screen is open (page actor `templates-watch`), a template in WhatsApp's review (PENDING) is
 * watched: every WATCH_MS the list (`report-templates`) is read again until none on screen is pending, so the
 * channel's verdict shows without a reload. Nothing pending: nothing is read.
 */
import { setup } from "xstate"
import { systemActor } from "../system-ids"

export const WATCH_MS = 2000

interface ListSnapshot {
  readonly context?: { readonly rows?: readonly { readonly status?: string }[] }
}

const anyPending = (snapshot: ListSnapshot | undefined) => (snapshot?.context?.rows ?? []).some((row) => row.status === "PENDING")

export const pendingWatchMachine = setup({
  actions: {
    reloadIfPending: ({ system }) => {
      const list = systemActor(system, "report-templates")
      if (list && anyPending(list.getSnapshot() as ListSnapshot)) list.send({ type: "REPORT.RELOAD" })
    },
  },
  delays: { WATCH: WATCH_MS },
}).createMachine({
  id: "templatesWatch",
  initial: "watching",
  states: {
    watching: { after: { WATCH: { target: "watching", reenter: true, actions: "reloadIfPending" } } },
  },
})
