/**
 * The root of the actor system (systemId `root`): it owns the page-long singletons. Later features add their
 * actors here (the call centre, the paged reports) with their own systemIds.
 */
import { setup } from "xstate"
import { aclMachine } from "./acl/acl-machine"
import { layoutMachine } from "./layout/layout-machine"
import { accountMachine } from "./session/account-machine"
import { sessionMachine } from "./session/session-machine"
import type { LayoutSettings, Theme } from "./layout/layout-settings"
import { callHistoryMachine } from "./report/call-history-report"
import { complaintTicketsMachine } from "./report/complaint-tickets-report"
import { otpLogsMachine } from "./report/otp-logs-report"
import { reportLifetime } from "./report/report-lifetime"
import { callCenterMachine } from "./calls/call-center-machine"
import { callCenterLifetime } from "./calls/call-center-lifetime"

export interface RootInput {
  readonly cachedLayout?: { layout: LayoutSettings; theme: Theme } | null
}

export const rootMachine = setup({
  types: { input: {} as RootInput | undefined, context: {} as { cachedLayout: RootInput["cachedLayout"] } },
  actors: { acl: aclMachine, layout: layoutMachine, account: accountMachine, session: sessionMachine,
    reportOtpLogs: otpLogsMachine, reportCallHistory: callHistoryMachine, reportComplainTickets: complaintTicketsMachine, reportLifetime,
    callCenter: callCenterMachine, callCenterLifetime },
}).createMachine({
  id: "root",
  context: ({ input }) => ({ cachedLayout: input?.cachedLayout ?? null }),
  // The ACL gate and the layout come first: the session tells them about the stored session as soon as it is read.
  invoke: [
    { id: "acl", systemId: "acl", src: "acl", input: undefined },
    { id: "layout", systemId: "layout", src: "layout", input: ({ context }) => ({ cached: context.cachedLayout ?? null }) },
    { id: "account", systemId: "account", src: "account" },
    { id: "session", systemId: "session", src: "session" },
    // The paged reports: idle until a screen opens them; kept across navigation, reset on logout (reportLifetime).
    { id: "report-otp-logs", systemId: "report-otp-logs", src: "reportOtpLogs" },
    { id: "report-call-history", systemId: "report-call-history", src: "reportCallHistory" },
    { id: "report-complain-tickets", systemId: "report-complain-tickets", src: "reportComplainTickets" },
    { id: "reportLifetime", src: "reportLifetime" },
    // Voice calls: the centre idles until the lifetime watcher sees a login holding FRONT:/channels/whatsapp-call.
    { id: "callCenter", systemId: "callCenter", src: "callCenter" },
    { id: "callCenterLifetime", src: "callCenterLifetime" },
  ],
  initial: "running",
  states: { running: {} },
})
