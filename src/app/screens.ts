/**
 * Which screen each route key renders, loaded lazily (one chunk per screen). A route without an entry shows the
 * shared "not available yet" state with its title. Feature issues add their screens here.
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from "react"

export interface ScreenProps {
  readonly routeKey: string
  readonly section?: string
}

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>

const named =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>): Loader =>
  () =>
    load().then((module) => ({ default: pick(module) }))

const loaders: Record<string, Loader> = {
  login: named(
    () => import("../views/session/LoginView"),
    (m) => m.LoginView,
  ),
  tokenLogin: named(
    () => import("../views/session/TokenLoginView"),
    (m) => m.TokenLoginView,
  ),
  forgotPassword: named(
    () => import("../views/session/ForgotPasswordView"),
    (m) => m.ForgotPasswordView,
  ),
  mailConfirm: named(
    () => import("../views/session/MailConfirmView"),
    (m) => m.MailConfirmView,
  ),
  resetPassword: named(
    () => import("../views/session/ResetPasswordView"),
    (m) => m.ResetPasswordView,
  ),
  lock: named(
    () => import("../views/session/LockView"),
    (m) => m.LockView,
  ),
  pageNotFound: named(
    () => import("../views/common/NotFoundView"),
    (m) => m.NotFoundView,
  ),
  internetConnectivity: named(
    () => import("../views/common/OfflineView"),
    (m) => m.OfflineView,
  ),
  otpLogs: named(
    () => import("../views/reports/OtpLogsView"),
    (m) => m.OtpLogsView,
  ),
  callHistory: named(
    () => import("../views/reports/CallHistoryView"),
    (m) => m.CallHistoryView,
  ),
  complainTicketsReport: named(
    () => import("../views/reports/ComplainTicketsReportView"),
    (m) => m.ComplainTicketsReportView,
  ),
  pbxCalls: named(
    () => import("../views/softphone/PbxCallsView"),
    (m) => m.PbxCallsView,
  ),
  chat: named(
    () => import("../views/chat/ChatView"),
    (m) => m.ChatView,
  ),
  ongoing: named(
    () => import("../views/workspace/OngoingView"),
    (m) => m.OngoingView,
  ),
  history: named(
    () => import("../views/workspace/HistoryView"),
    (m) => m.HistoryView,
  ),
  messages: named(
    () => import("../views/workspace/MessagesView"),
    (m) => m.MessagesView,
  ),
  inbox: named(
    () => import("../views/tickets/TicketListView"),
    (m) => m.TicketsInboxView,
  ),
  ticketOngoing: named(
    () => import("../views/tickets/TicketListView"),
    (m) => m.TicketOngoingView,
  ),
  ticketHistory: named(
    () => import("../views/tickets/TicketListView"),
    (m) => m.TicketHistoryView,
  ),
  ticketReport: named(
    () => import("../views/tickets/TicketListView"),
    (m) => m.TicketReportView,
  ),
  complainTicket: named(
    () => import("../views/complaints/ComplaintsView"),
    (m) => m.ComplaintsView,
  ),
  simulator: named(
    () => import("../views/simulator/SimulatorView"),
    (m) => m.SimulatorView,
  ),
}

const notAvailable: Loader = named(
  () => import("../views/common/NotAvailableView"),
  (m) =>
    ({ routeKey, section }: ScreenProps) =>
      createElement(m.NotAvailableView, { titleKey: routeKey, section }),
)

const cache = new Map<string, LazyExoticComponent<ComponentType<ScreenProps>>>()

export const screenFor = (routeKey: string): LazyExoticComponent<ComponentType<ScreenProps>> => {
  let screen = cache.get(routeKey)
  if (!screen) {
    screen = lazy(loaders[routeKey] ?? notAvailable)
    cache.set(routeKey, screen)
  }
  return screen
}
