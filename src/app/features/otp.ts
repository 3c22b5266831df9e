/**
 * OTP: the one-time-code login (`/login/otp`, loaded only when the login page's link is followed), providers
 * (/apps/otp-providers), users (/apps/otp-users), the login's settings (/apps/opt) and the report (/apps/optReport).
 */
import { type Feature, screen } from "../feature"

export const otp: Feature = {
  name: "otp",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["users", "otp", "otpSettings"],
  screens: {
    otpLogin: screen(
      () => import("../../views/otp/OtpLoginView"),
      (m) => m.OtpLoginView,
    ),
    otpProviders: screen(
      () => import("../../views/otp/OtpProvidersView"),
      (m) => m.OtpProvidersView,
    ),
    otpUsers: screen(
      () => import("../../views/otp/OtpUsersView"),
      (m) => m.OtpUsersView,
    ),
    otp: screen(
      () => import("../../views/otp/OtpSettingsView"),
      (m) => m.OtpSettingsView,
    ),
    otpReport: screen(
      () => import("../../views/otp/OtpReportView"),
      (m) => m.OtpReportView,
    ),
  },
  reports: {
    "report-otp-providers": () => import("../../machines/otp/otp-lists").then((m) => m.otpProvidersListMachine),
    "report-otp-users": () => import("../../machines/otp/otp-lists").then((m) => m.otpUsersListMachine),
  },
  pages: {
    "otp-login": () => import("../../machines/otp/otp-login-machine").then((m) => m.otpLoginMachine),
    "otp-settings": () => import("../../machines/otp/otp-settings-machine").then((m) => m.otpSettingsMachine),
    "otp-provider-editor": () => import("../../machines/otp/otp-provider-editor").then((m) => m.otpProviderEditorMachine),
    "otp-user-editor": () => import("../../machines/otp/otp-user-editor").then((m) => m.otpUserEditorMachine),
    "otp-choices": () => import("../../machines/otp/otp-choices-machine").then((m) => m.otpChoicesMachine),
    "report-otp": () => import("../../machines/otp/otp-report").then((m) => m.otpReportMachine),
  },
  // The lists' search, pager and export word themselves from the report kit's strings, the dialogs from the record kit's,
  // the super admin's business picker from the platform's.
  uses: ["report-kit", "record-kit", "chart-kit", "platform"],
  strings: {
    en: () => import("../../views/otp/strings").then((m) => ({ otp: m.otpEn })),
    tr: () => import("../../views/otp/strings.tr").then((m) => ({ otp: m.otpTr })),
    ar: () => import("../../views/otp/strings.ar").then((m) => ({ otp: m.otpAr })),
  },
}
