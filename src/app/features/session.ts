/** The session (login, tokens, expiry, lock) and the account pages (forgot, mail confirm, reset password). */
import { Effect } from "effect"
import { businessInViewMachine, readBusinessInView } from "../../machines/session/business-in-view"
import { liveAccountMachine, liveSessionMachine } from "../../machines/session/session-actors"
import { type Feature, screen } from "../feature"

export const session: Feature = {
  name: "session",
  layers: ["machines", "views", "server", "docs"],
  actors: [
    { id: "account", systemId: "account", logic: liveAccountMachine },
    { id: "session", systemId: "session", logic: liveSessionMachine },
    // The business the super admin's screens show (the platform's pickers), kept for the tab while the login lasts: it
    // watches the session, so it starts after it.
    {
      id: "business-in-view",
      systemId: "businessInView",
      logic: businessInViewMachine,
      prepare: readBusinessInView.pipe(Effect.map((stored) => ({ stored }))),
    },
  ],
  screens: {
    login: screen(
      () => import("../../views/session/LoginView"),
      (m) => m.LoginView,
    ),
    tokenLogin: screen(
      () => import("../../views/session/TokenLoginView"),
      (m) => m.TokenLoginView,
    ),
    forgotPassword: screen(
      () => import("../../views/session/ForgotPasswordView"),
      (m) => m.ForgotPasswordView,
    ),
    mailConfirm: screen(
      () => import("../../views/session/MailConfirmView"),
      (m) => m.MailConfirmView,
    ),
    resetPassword: screen(
      () => import("../../views/session/ResetPasswordView"),
      (m) => m.ResetPasswordView,
    ),
    lock: screen(
      () => import("../../views/session/LockView"),
      (m) => m.LockView,
    ),
  },
  strings: {
    en: () => import("../../views/session/strings").then((m) => m.sessionEn),
    tr: () => import("../../views/session/strings.tr").then((m) => m.sessionTr),
    ar: () => import("../../views/session/strings.ar").then((m) => m.sessionAr),
  },
}
