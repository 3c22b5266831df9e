/** Revoked tokens and the cache switch (/apps/blacklist-token). */
import { type Feature, screen } from "../feature"

export const blacklist: Feature = {
  name: "blacklist",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["blacklist"],
  reports: { "report-blacklist": () => import("../../machines/blacklist/revoked-list").then((m) => m.revokedListMachine) },
  screens: {
    blacklistToken: screen(
      () => import("../../views/blacklist/BlacklistView"),
      (m) => m.BlacklistView,
    ),
  },
  pages: {
    "revoke-editor": () => import("../../machines/blacklist/revoke-editor").then((m) => m.revokeEditorMachine),
    "cache-clear": () => import("../../machines/blacklist/cache-clear").then((m) => m.cacheClearMachine),
  },
  strings: {
    en: () => import("../../views/blacklist/strings").then((m) => ({ blacklist: m.blacklistEn })),
    tr: () => import("../../views/blacklist/strings.tr").then((m) => ({ blacklist: m.blacklistTr })),
    ar: () => import("../../views/blacklist/strings.ar").then((m) => ({ blacklist: m.blacklistAr })),
  },
  uses: ["report-kit", "record-kit"],
}
