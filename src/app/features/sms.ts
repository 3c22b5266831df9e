/** SMS (/sms/send, /sms-report and the company sub-page `sms-provider`): sending with counts and cost, the report, gateways and sender names. */
import { type Feature, screen } from "../feature"

export const sms: Feature = {
  name: "sms",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["contacts", "sms", "tagging"],
  screens: {
    smsSend: screen(
      () => import("../../views/sms/SmsSendView"),
      (m) => m.SmsSendView,
    ),
    smsReport: screen(
      () => import("../../views/sms/SmsReportView"),
      (m) => m.SmsReportView,
    ),
    "companyDetails/sms-provider": screen(
      () => import("../../views/sms/SmsProvidersView"),
      (m) => m.SmsProvidersView,
    ),
  },
  reports: { "report-sms": () => import("../../machines/sms/sms-report").then((m) => m.smsReportMachine) },
  pages: {
    "sms-send": () => import("../../machines/sms/sms-send-machine").then((m) => m.smsSendMachine),
    "sms-providers": () => import("../../machines/sms/sms-providers-machine").then((m) => m.smsProvidersMachine),
  },
  // The report's table, pager, filters and export word themselves from the report kit's strings; the super admin's
  // account form picks its business with the platform's business picker.
  uses: ["report-kit", "platform"],
  strings: {
    en: () => import("../../views/sms/strings").then((m) => ({ sms: m.smsEn })),
    tr: () => import("../../views/sms/strings.tr").then((m) => ({ sms: m.smsTr })),
    ar: () => import("../../views/sms/strings.ar").then((m) => ({ sms: m.smsAr })),
  },
}
