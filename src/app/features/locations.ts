/** Nearest location (/apps/nearest-location and the company sub-page nearest-location): the tenant's branches and the nearest finder. */
import { type Feature, screen } from "../feature"

const locationsScreen = screen(
  () => import("../../views/locations/LocationsView"),
  (m) => m.LocationsView,
)

export const locations: Feature = {
  name: "locations",
  calls: ["locations"],
  reports: { "report-branches": () => import("../../machines/locations/branches-list").then((m) => m.branchesListMachine) },
  screens: { nearestLocation: locationsScreen, "companyDetails/nearest-location": locationsScreen },
  pages: {
    "branch-editor": () => import("../../machines/locations/branch-editor").then((m) => m.branchEditorMachine),
    "nearest-finder": () => import("../../machines/locations/nearest-finder").then((m) => m.nearestFinderMachine),
  },
  strings: {
    en: () => import("../../views/locations/strings").then((m) => ({ locations: m.locationsEn })),
    tr: () => import("../../views/locations/strings.tr").then((m) => ({ locations: m.locationsTr })),
    ar: () => import("../../views/locations/strings.ar").then((m) => ({ locations: m.locationsAr })),
  },
  uses: ["reports", "record-kit"],
}
