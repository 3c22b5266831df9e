/**
 * Nearest location (/apps/nearest-location and the company sub-page nearest-location): the tenant's branches, their CSV
 * upload and the nearest finder; for the super admin, the platform's countries and cities.
 */
import { type Feature, screen } from "../feature"

const locationsScreen = screen(
  () => import("../../views/locations/LocationsView"),
  (m) => m.LocationsView,
)

export const locations: Feature = {
  name: "locations",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["locations"],
  reports: {
    "report-branches": () => import("../../machines/locations/branches-list").then((m) => m.branchesListMachine),
    "report-countries": () => import("../../machines/locations/reference-lists").then((m) => m.countriesListMachine),
    "report-cities": () => import("../../machines/locations/reference-lists").then((m) => m.citiesListMachine),
  },
  screens: { nearestLocation: locationsScreen, "companyDetails/nearest-location": locationsScreen },
  pages: {
    "branch-editor": () => import("../../machines/locations/branch-editor").then((m) => m.branchEditorMachine),
    "nearest-finder": () => import("../../machines/locations/nearest-finder").then((m) => m.nearestFinderMachine),
    "branch-import": () => import("../../machines/locations/branch-import").then((m) => m.branchImportMachine),
    "country-editor": () => import("../../machines/locations/reference-editors").then((m) => m.countryEditorMachine),
    "city-editor": () => import("../../machines/locations/reference-editors").then((m) => m.cityEditorMachine),
  },
  strings: {
    en: () => import("../../views/locations/strings").then((m) => ({ locations: m.locationsEn })),
    tr: () => import("../../views/locations/strings.tr").then((m) => ({ locations: m.locationsTr })),
    ar: () => import("../../views/locations/strings.ar").then((m) => ({ locations: m.locationsAr })),
  },
  uses: ["report-kit", "record-kit"],
}
