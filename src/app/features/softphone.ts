/**
 * The PBX softphone (/apps/pbxcalls): its actor, with the sip.js user agent, runs while the page is open, and the
 * PBX call records' list below it (a report-kit page actor).
 */
import { type Feature, screen } from "../feature"

export const softphone: Feature = {
  name: "softphone",
  layers: ["machines", "views", "services", "server", "browser", "docs"],
  calls: ["callRecordings", "onboarding", "pbx"],
  screens: {
    pbxCalls: screen(
      () => import("../../views/softphone/PbxCallsView"),
      (m) => m.PbxCallsView,
    ),
  },
  pages: {
    softphone: () => import("../../machines/softphone/softphone-actors").then((m) => m.liveSoftphoneMachine),
    "pbx-trunk": () => import("../../machines/softphone/pbx-trunk-machine").then((m) => m.pbxTrunkMachine),
    "pbx-calls": () => import("../../machines/softphone/pbx-calls-report").then((m) => m.pbxCallsMachine),
  },
  // The call list's table, pager and filters word themselves from the report kit's strings.
  uses: ["report-kit"],
  strings: {
    en: () => import("../../views/softphone/strings").then((m) => ({ pbx: m.pbxEn })),
    tr: () => import("../../views/softphone/strings.tr").then((m) => ({ pbx: m.pbxTr })),
    ar: () => import("../../views/softphone/strings.ar").then((m) => ({ pbx: m.pbxAr })),
  },
}
