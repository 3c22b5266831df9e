/** Why the filters were not applied (the machine's `invalid`, from its config's check), said next to them. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout } from "@blueprintjs/core"
import { MAX_RANGE_DAYS } from "../../machines/report-kit/range-rules"
import type { AnyReportActor } from "./report-hooks"

export const FilterProblem = ({ actor }: { actor: AnyReportActor }) => {
  const { t } = useTranslation()
  const invalid = useSelector(actor, (s) => s.context.invalid)
  if (!invalid) return null
  return (
    <Callout intent="warning" icon="warning-sign" data-testid="filter-problem" role="alert">
      {t(`reportKit.problems.${invalid}`, { days: MAX_RANGE_DAYS })}
    </Callout>
  )
}
