/**
 * The page frame's filter card: the fields that choose what the content card shows (a search box, a date range,
 * selects, the super admin's business), in one row that wraps, under the page header.
 */
import type { ReactNode } from "react"

export const FilterCard = ({ testId, children }: { readonly testId?: string; readonly children: ReactNode }) => (
  <div className="mc-card mc-filter-card" data-testid={testId}>
    {children}
  </div>
)
