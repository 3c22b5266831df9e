/** Administration: users, roles, permissions and the own profile. */
import { type Feature, screen } from "../feature"

export const admin: Feature = {
  name: "admin",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["permissions", "roles", "users"],
  reports: {
    "report-users": () => import("../../machines/admin/lists").then((m) => m.usersListMachine),
    "report-roles": () => import("../../machines/admin/lists").then((m) => m.rolesListMachine),
    "report-permissions": () => import("../../machines/admin/lists").then((m) => m.permissionsListMachine),
  },
  screens: {
    users: screen(
      () => import("../../views/admin/UsersView"),
      (m) => m.UsersView,
    ),
    roles: screen(
      () => import("../../views/admin/RolesView"),
      (m) => m.RolesView,
    ),
    permissions: screen(
      () => import("../../views/admin/PermissionsView"),
      (m) => m.PermissionsView,
    ),
    profile: screen(
      () => import("../../views/admin/ProfileView"),
      (m) => m.ProfileView,
    ),
  },
  pages: {
    "user-editor": () => import("../../machines/admin/user-editor").then((m) => m.userEditorMachine),
    "role-editor": () => import("../../machines/admin/role-editor").then((m) => m.roleEditorMachine),
    profile: () => import("../../machines/admin/profile-machine").then((m) => m.profileMachine),
  },
  strings: {
    en: () => import("../../views/admin/strings").then((m) => ({ admin: m.adminEn })),
    tr: () => import("../../views/admin/strings.tr").then((m) => ({ admin: m.adminTr })),
    ar: () => import("../../views/admin/strings.ar").then((m) => ({ admin: m.adminAr })),
  },
  uses: ["report-kit", "record-kit"],
}
