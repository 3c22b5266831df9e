/** The super admin's businesses (/apps/company-profile) and registration review (/apps/company-forms). */
import { type Feature, screen } from "../feature"

export const businesses: Feature = {
  name: "businesses",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["businesses", "businessReview"],
  reports: {
    "report-businesses": () => import("../../machines/businesses/business-lists").then((m) => m.businessListMachine),
    "report-registrations": () => import("../../machines/businesses/business-lists").then((m) => m.registrationListMachine),
  },
  pages: {
    "business-detail": () => import("../../machines/businesses/business-detail").then((m) => m.businessDetailMachine),
  },
  screens: {
    companyProfile: screen(
      () => import("../../views/businesses/BusinessesView"),
      (m) => m.BusinessesView,
    ),
    companyForms: screen(
      () => import("../../views/businesses/RegistrationsView"),
      (m) => m.RegistrationsView,
    ),
  },
  strings: {
    en: () => import("../../views/businesses/strings").then((m) => ({ businesses: m.businessesEn })),
    tr: () => import("../../views/businesses/strings.tr").then((m) => ({ businesses: m.businessesTr })),
    ar: () => import("../../views/businesses/strings.ar").then((m) => ({ businesses: m.businessesAr })),
  },
  uses: ["report-kit"],
}
