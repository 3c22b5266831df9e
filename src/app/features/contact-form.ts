/**
 * The contact information form: the tenant's settings screen (/ContactInformationCollection) and the public form its
 * customers fill from the signed link (/contact-form, logged out).
 */
import { type Feature, screen } from "../feature"

export const contactForm: Feature = {
  name: "contact-form",
  layers: ["machines", "views", "services", "server", "browser", "docs"],
  calls: ["onboarding"],
  screens: {
    contactInformationCollection: screen(
      () => import("../../views/contact-form/FormSettingsView"),
      (m) => m.FormSettingsView,
    ),
    contactForm: screen(
      () => import("../../views/contact-form/PublicFormView"),
      (m) => m.PublicFormView,
    ),
  },
  pages: {
    "contact-form-settings": () => import("../../machines/contact-form/form-settings-machine").then((m) => m.formSettingsMachine),
    "public-contact-form": () => import("../../machines/contact-form/public-form-machine").then((m) => m.publicFormMachine),
  },
  strings: {
    en: () => import("../../views/contact-form/strings").then((m) => ({ contactForm: m.contactFormEn })),
    tr: () => import("../../views/contact-form/strings.tr").then((m) => ({ contactForm: m.contactFormTr })),
    ar: () => import("../../views/contact-form/strings.ar").then((m) => ({ contactForm: m.contactFormAr })),
  },
  uses: ["record-kit"],
}
