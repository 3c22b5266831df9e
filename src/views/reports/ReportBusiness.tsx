/**
 * The super admin's business on a report (the machine's `picks`): one filter card with the picker and, once a business
 * is picked, the report's own filters beside it; nothing else of the report until then. Anyone else sees the report's
 * filters and the report as they are.
 */
import { useSelector } from "@xstate/react"
import { type ReactNode, useCallback } from "react"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { selectBusiness, selectPicks } from "../../machines/report-kit/report-selectors"
import { BusinessFilter } from "../platform/BusinessFilter"
import type { AnyReportActor } from "../report-kit/report-hooks"

export const ReportBusiness = ({
  actor,
  testId,
  filters,
  children,
}: {
  actor: AnyReportActor
  testId: string
  /** The report's filter card (ReportFilters): drawn inside the picker's card for a super admin. */
  filters?: ReactNode
  children: ReactNode
}) => {
  const picks = useSelector(actor, selectPicks)
  const clientId = useSelector(actor, selectBusiness)
  const pick = useCallback((business: PickedBusiness) => actor.send({ type: "BUSINESS.PICK", clientId: business.id }), [actor])
  if (!picks)
    return (
      <>
        {filters}
        {children}
      </>
    )
  return (
    <>
      <BusinessFilter clientId={clientId} onPick={pick} testId={testId}>
        {clientId === null ? null : filters}
      </BusinessFilter>
      {clientId === null ? null : children}
    </>
  )
}
