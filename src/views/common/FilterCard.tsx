/**
 * The page frame's filter card: the fields that choose what the content card shows (a search box, a date range,
 * selects, the super admin's business), in one row that wraps, under the page header. A filter card drawn inside
 * another (a report's filters beside the super admin's business picker) draws no card of its own: its fields join the
 * outer card's row.
 */
import { createContext, type ReactNode, useContext } from "react"

const InFilterCard = createContext(false)

export const FilterCard = ({ testId, children }: { readonly testId?: string; readonly children: ReactNode }) =>
  useContext(InFilterCard) ? (
    <div className="mc-filter-card-fields" data-testid={testId}>
      {children}
    </div>
  ) : (
    <InFilterCard.Provider value={true}>
      <div className="mc-card mc-filter-card" data-testid={testId}>
        {children}
      </div>
    </InFilterCard.Provider>
  )
