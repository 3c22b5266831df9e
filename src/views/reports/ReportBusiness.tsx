/**
 * The super admin's business on a report (the machine's `picks`): the picker in its filter card, and nothing else of
 * the report until a business is picked. Anyone else sees the report as it is.
 */
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { selectBusiness, selectPicks } from "../../machines/report-kit/report-selectors"
import { BusinessFilter } from "../platform/BusinessFilter"
import type { AnyReportActor } from "../report-kit/report-hooks"

export const ReportBusiness = ({ actor, testId, children }: { actor: AnyReportActor; testId: string; children: ReactNode }) => {
  const picks = useSelector(actor, selectPicks)
  const clientId = useSelector(actor, selectBusiness)
  if (!picks) return children
  return (
    <>
      <BusinessFilter
        clientId={clientId}
        onPick={(business) => actor.send({ type: "BUSINESS.PICK", clientId: business.id })}
        testId={testId}
      />
      {clientId === null ? null : children}
    </>
  )
}
