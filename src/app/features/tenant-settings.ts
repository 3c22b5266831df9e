/**
 * The tenant's settings that take effect (server/features/tenant-settings): the company sub-page configration, where
 * the tenant admin edits them and the voice-call settings.
 */
import { type Feature, screen } from "../feature"

export const tenantSettings: Feature = {
  name: "tenant-settings",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["onboarding", "routing"],
  screens: {
    "companyDetails/configration": screen(
      () => import("../../views/tenant-settings/ConfigurationView"),
      (m) => m.ConfigurationView,
    ),
  },
  pages: {
    "tenant-configuration": () => import("../../machines/tenant-settings/configuration-machine").then((m) => m.configurationMachine),
  },
  strings: {
    en: () => import("../../views/tenant-settings/strings").then((m) => ({ tenantSettings: m.tenantSettingsEn })),
    tr: () => import("../../views/tenant-settings/strings.tr").then((m) => ({ tenantSettings: m.tenantSettingsTr })),
    ar: () => import("../../views/tenant-settings/strings.ar").then((m) => ({ tenantSettings: m.tenantSettingsAr })),
  },
}
