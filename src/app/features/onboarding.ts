/** A business registers itself (/register), configures its webhook (company sub-page configure-web-hook), and the public pages (/privacy-policy, /btw) and the integration example (/example). */
import { type Feature, screen } from "../feature"

export const onboarding: Feature = {
  name: "onboarding",
  calls: ["onboarding"],
  pages: {
    "business-registration": () => import("../../machines/onboarding/registration-machine").then((m) => m.registrationMachine),
    "company-webhook": () => import("../../machines/onboarding/company-webhook").then((m) => m.companyWebhookMachine),
  },
  screens: {
    register: screen(
      () => import("../../views/onboarding/RegistrationView"),
      (m) => m.RegistrationView,
    ),
    privacyPolicy: screen(
      () => import("../../views/onboarding/PublicPages"),
      (m) => m.PrivacyPolicyView,
    ),
    btw: screen(
      () => import("../../views/onboarding/PublicPages"),
      (m) => m.BtwView,
    ),
    "companyDetails/configure-web-hook": screen(
      () => import("../../views/onboarding/CompanyWebhookView"),
      (m) => m.CompanyWebhookView,
    ),
    example: screen(
      () => import("../../views/onboarding/PublicPages"),
      (m) => m.ExampleView,
    ),
  },
  strings: {
    en: () => import("../../views/onboarding/strings").then((m) => ({ onboarding: m.onboardingEn })),
    tr: () => import("../../views/onboarding/strings.tr").then((m) => ({ onboarding: m.onboardingTr })),
    ar: () => import("../../views/onboarding/strings.ar").then((m) => ({ onboarding: m.onboardingAr })),
  },
}
