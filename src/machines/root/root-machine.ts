/**
 * The root of the actor system (systemId `root`): it owns the page-long singletons. Later features add their
 * actors here (the call centre, the paged reports) with their own systemIds.
 */
import { setup } from "xstate"
import { aclMachine } from "../acl/acl-machine"
import { layoutMachine } from "../shell/layout-machine"
import { accountMachine } from "../session/account-machine"
import { sessionMachine } from "../session/session-machine"
import type { LayoutSettings, Theme } from "../shell/layout-settings"
import { callHistoryMachine } from "../reports/call-history-report"
import { complaintTicketsMachine } from "../reports/complaint-tickets-report"
import { otpLogsMachine } from "../reports/otp-logs-report"
import { reportLifetime } from "../report-kit/report-lifetime"
import { callCenterMachine } from "../calls/call-center-machine"
import { callCenterLifetime } from "../calls/call-center-lifetime"
import { chatInboxMachine } from "../chat/inbox-machine"
import { chatLifetime } from "../chat/chat-lifetime"
import { historyMachine, ongoingMachine } from "../workspace/conversation-reports"
import { messagesMachine } from "../workspace/messages-report"
import { ticketHistoryMachine, ticketInboxMachine, ticketOngoingMachine, ticketReportMachine } from "../tickets/ticket-reports"
import { complaintsMachine } from "../complaints/complaints-report"

/**
 * Every paged report, by systemId: idle until a screen opens it, kept across navigation (filters survive), reset on
 * logout by reportLifetime. A new report screen adds one line here.
 */
const REPORTS = {
  "report-otp-logs": otpLogsMachine,
  "report-call-history": callHistoryMachine,
  "report-complain-tickets": complaintTicketsMachine,
  "report-ongoing": ongoingMachine,
  "report-history": historyMachine,
  "report-messages": messagesMachine,
  "report-inbox": ticketInboxMachine,
  "report-ticket-ongoing": ticketOngoingMachine,
  "report-ticket-history": ticketHistoryMachine,
  "report-ticket-report": ticketReportMachine,
  "report-complaints": complaintsMachine,
} as const
type ReportId = keyof typeof REPORTS
export const REPORT_IDS = Object.keys(REPORTS) as ReportId[]

export interface RootInput {
  readonly cachedLayout?: { layout: LayoutSettings; theme: Theme } | null
}

export const rootMachine = setup({
  types: { input: {} as RootInput | undefined, context: {} as { cachedLayout: RootInput["cachedLayout"] } },
  actors: {
    acl: aclMachine,
    layout: layoutMachine,
    account: accountMachine,
    session: sessionMachine,
    ...REPORTS,
    reportLifetime,
    callCenter: callCenterMachine,
    callCenterLifetime,
    chatInbox: chatInboxMachine,
    chatLifetime,
  },
}).createMachine({
  id: "root",
  context: ({ input }) => ({ cachedLayout: input?.cachedLayout ?? null }),
  // The ACL gate and the layout come first: the session tells them about the stored session as soon as it is read.
  invoke: [
    { id: "acl", systemId: "acl", src: "acl", input: undefined },
    {
      id: "layout",
      systemId: "layout",
      src: "layout",
      input: ({ context }) => ({ cached: context.cachedLayout ?? null }),
    },
    { id: "account", systemId: "account", src: "account" },
    { id: "session", systemId: "session", src: "session" },
    // XState types `src` one key at a time; every id of the table is an actor key of the same kind of machine.
    ...REPORT_IDS.map((id) => ({ id, systemId: id, src: id as "report-otp-logs" })),
    { id: "reportLifetime", src: "reportLifetime", input: { ids: REPORT_IDS } },
    // Voice calls: the centre idles until the lifetime watcher sees a login holding FRONT:/channels/whatsapp-call.
    { id: "callCenter", systemId: "callCenter", src: "callCenter" },
    { id: "callCenterLifetime", src: "callCenterLifetime" },
    // Live chat: the inbox idles until the lifetime watcher sees a login holding BACK:chat (src/machines/chat).
    { id: "chatInbox", systemId: "chat-inbox", src: "chatInbox" },
    { id: "chatLifetime", src: "chatLifetime" },
  ],
  initial: "running",
  states: { running: {} },
})
