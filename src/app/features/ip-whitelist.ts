/** IP whitelist (/apps/ip-whitelist): the list, its editor and the login switch. */
import { type Feature, screen } from "../feature"

export const ipWhitelist: Feature = {
  name: "ip-whitelist",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["ipWhitelist", "security"],
  reports: { "report-ip-whitelist": () => import("../../machines/ip-whitelist/ip-list").then((m) => m.ipListMachine) },
  screens: {
    ipWhitelist: screen(
      () => import("../../views/ip-whitelist/IpWhitelistView"),
      (m) => m.IpWhitelistView,
    ),
  },
  pages: {
    "ip-editor": () => import("../../machines/ip-whitelist/ip-editor").then((m) => m.ipEditorMachine),
    "ip-login-guard": () => import("../../machines/ip-whitelist/login-guard").then((m) => m.loginGuardMachine),
  },
  strings: {
    en: () => import("../../views/ip-whitelist/strings").then((m) => ({ ipWhitelist: m.ipWhitelistEn })),
    tr: () => import("../../views/ip-whitelist/strings.tr").then((m) => ({ ipWhitelist: m.ipWhitelistTr })),
    ar: () => import("../../views/ip-whitelist/strings.ar").then((m) => ({ ipWhitelist: m.ipWhitelistAr })),
  },
  uses: ["report-kit", "record-kit"],
}
