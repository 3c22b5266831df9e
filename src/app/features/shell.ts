/**
 * The shell: the logged-in frame (toolbar, menus, layout panel, landing page), the ACL gate that decides what it may
 * open, and the plain error pages. Its strings hold every route's title and the language names, which every page
 * shows (the login page's language picker too).
 */
import { Effect } from "effect"
import { aclMachine } from "../../machines/acl/acl-machine"
import { announcerMachine } from "../../machines/shell/announcer-machine"
import { liveLayoutMachine, readCachedLayout } from "../../machines/shell/layout-actors"
import { navGroupsMachine } from "../../machines/shell/nav-groups-machine"
import { quickJumpMachine } from "../../machines/shell/quick-jump-machine"
import { shortcutsMachine } from "../../machines/shell/shortcuts-machine"
import { type Feature, screen } from "../feature"

export const shell: Feature = {
  name: "shell",
  layers: ["machines", "views", "server", "browser", "docs"],
  // The quick-jump box looks for customers' open conversations.
  calls: ["chat", "contacts"],
  // The ACL gate and the layout come before the session: it tells them about the stored session as soon as it is read.
  actors: [
    { id: "acl", systemId: "acl", logic: aclMachine },
    // What the live regions say: before the chat inbox and the call centre, which announce through it.
    { id: "announcer", systemId: "announcer", logic: announcerMachine },
    {
      id: "layout",
      systemId: "layout",
      logic: liveLayoutMachine,
      // The cached look avoids a flash of the default layout.
      prepare: readCachedLayout.pipe(Effect.map((cached) => ({ cached }))),
    },
    { id: "nav-groups", systemId: "navGroups", logic: navGroupsMachine },
    { id: "quick-jump", systemId: "quickJump", logic: quickJumpMachine },
    { id: "shortcuts", systemId: "shortcuts", logic: shortcutsMachine },
  ],
  screens: {
    pageNotFound: screen(
      () => import("../../views/common/NotFoundView"),
      (m) => m.NotFoundView,
    ),
    internetConnectivity: screen(
      () => import("../../views/common/OfflineView"),
      (m) => m.OfflineView,
    ),
  },
  strings: {
    en: () => import("../../views/shell/strings").then((m) => m.shellEn),
    tr: () => import("../../views/shell/strings.tr").then((m) => m.shellTr),
    ar: () => import("../../views/shell/strings.ar").then((m) => m.shellAr),
  },
  loadStrings: "on-every-page",
}
