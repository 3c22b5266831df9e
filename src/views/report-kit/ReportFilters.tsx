/**
 * The filter bar of a report screen, bound to its actor: the screen's fields (its search box, date range, selects)
 * followed by Apply and Clear, which apply the draft or go back to the report's defaults (paging restarts).
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "@blueprintjs/core"
import { FilterCard } from "../common/FilterCard"
import type { AnyReportActor } from "./report-hooks"

const LABELS = {
  filters: { apply: "reportKit.common.applyFilters", clear: "reportKit.common.clearFilters" },
  short: { apply: "reportKit.common.apply", clear: "reportKit.common.clear" },
} as const

interface ReportFiltersProps {
  readonly actor: AnyReportActor
  /** Prefix of the buttons' test ids: `<prefix>-apply`, `<prefix>-clear`. */
  readonly testId: string
  /** 'Apply Filters' / 'Clear Filters', the short 'Apply' / 'Clear', or none: fields that apply themselves. */
  readonly buttons?: keyof typeof LABELS | "none"
  readonly children: ReactNode
}

export const ReportFilters = ({ actor, testId, buttons = "filters", children }: ReportFiltersProps) => {
  const { t } = useTranslation()
  return (
    <FilterCard>
      {children}
      {buttons === "none" ? null : (
        <>
          <Button
            intent="primary"
            text={t(LABELS[buttons].apply)}
            onClick={() => actor.send({ type: "FILTER.APPLY" })}
            data-testid={`${testId}-apply`}
          />
          <Button text={t(LABELS[buttons].clear)} onClick={() => actor.send({ type: "FILTER.CLEAR" })} data-testid={`${testId}-clear`} />
        </>
      )}
    </FilterCard>
  )
}
