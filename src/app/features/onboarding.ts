/**
 * A business registers itself (/register); its own company area (/apps/company-details and the sub-pages Profile,
 * Contact, Agents, custom_api and configure-web-hook); the public pages (/privacy-policy, /btw) and the integration
 * example (/example).
 */
import { type Feature, screen } from "../feature"

export const onboarding: Feature = {
  name: "onboarding",
  layers: ["machines", "views", "server", "docs"],
  calls: ["onboarding", "company", "businesses"],
  reports: {
    "report-company-agents": () => import("../../machines/onboarding/company-agents").then((m) => m.companyAgentsMachine),
  },
  pages: {
    "company-profile": () => import("../../machines/onboarding/company-profile").then((m) => m.companyProfileMachine),
    "company-api-key": () => import("../../machines/onboarding/company-api-key").then((m) => m.companyApiKeyMachine),
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
    companyDetails: screen(
      () => import("../../views/onboarding/CompanyDetailsView"),
      (m) => m.CompanyDetailsView,
    ),
    "companyDetails/Profile": screen(
      () => import("../../views/onboarding/CompanyProfileView"),
      (m) => m.CompanyProfileView,
    ),
    "companyDetails/Contact": screen(
      () => import("../../views/onboarding/CompanyProfileView"),
      (m) => m.CompanyProfileView,
    ),
    "companyDetails/Agents": screen(
      () => import("../../views/onboarding/CompanyAgentsView"),
      (m) => m.CompanyAgentsView,
    ),
    "companyDetails/custom_api": screen(
      () => import("../../views/onboarding/CompanyApiKeyView"),
      (m) => m.CompanyApiKeyView,
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
  // The super admin picks the business of the Agents sub-page with the platform's business picker.
  uses: ["report-kit", "platform"],
}
