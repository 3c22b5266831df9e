/**
 * The super admin's lists of businesses, both paged on businesses.fetchClientsPagination and kept across navigation:
 * `report-businesses` (every business, searched, by on/off state) and `report-registrations` (the registrations
 * waiting for review, by stage).
 */
import { Effect } from "effect"
import type { Client, OnboardingStatus } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { pageOf } from "../report-kit/paged"
import { createReportMachine, type ReportQuery } from "../report-kit/report-machine"

export type BusinessState = "all" | "active" | "inactive"
export interface BusinessFilters {
  readonly state: BusinessState
}
export type ReviewStage = Extract<OnboardingStatus, "submitted" | "in_review">
export interface RegistrationFilters {
  readonly stage: ReviewStage
}

const page = (query: ReportQuery<unknown>, extra: { active?: boolean; onboarding_status?: OnboardingStatus }) =>
  Effect.gen(function* () {
    const body = yield* (yield* Api).call("businesses", "fetchClientsPagination", {
      page: query.page,
      limit: query.pageSize,
      ...(query.search ? { search: query.search } : {}),
      ...extra,
    })
    return pageOf<Client>(body)
  })

export const businessListMachine = createReportMachine<Client, BusinessFilters>({
  name: "businesses",
  pageBase: 1,
  defaultFilters: () => ({ state: "all" }),
  load: (query) => page(query, query.filters.state === "all" ? {} : { active: query.filters.state === "active" }),
})

export const registrationListMachine = createReportMachine<Client, RegistrationFilters>({
  name: "registrations",
  pageBase: 1,
  defaultFilters: () => ({ stage: "submitted" }),
  load: (query) => page(query, { onboarding_status: query.filters.stage }),
})
