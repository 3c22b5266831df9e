/**
 * The super admin's business, chosen in the page frame's filter card of a screen that acts on one business: the
 * picker, and until a business is chosen a line saying what choosing one does. The screen's machine holds the choice
 * and follows the business the console shows (business-in-view.ts): picked on one screen, it is the next screen's.
 * The screen's other filters (`children`: a date range, a report's filter fields) sit beside the picker in the same
 * card, wrapping on a narrow window.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { FilterCard } from "../common/FilterCard"
import { BusinessPicker } from "./BusinessPicker"
import { useBusinessInView } from "./business-in-view"

export const BusinessFilter = ({
  onPick,
  clientId,
  testId,
  children,
}: {
  readonly onPick: (business: PickedBusiness) => void
  /** The business the screen's machine holds; null until one is chosen. */
  readonly clientId: number | null
  readonly testId: string
  /** The screen's other filters, after the picker. */
  readonly children?: ReactNode
}) => {
  const { t } = useTranslation()
  const { pick, shown } = useBusinessInView(clientId, onPick)
  return (
    <FilterCard testId={testId}>
      <BusinessPicker onPick={pick} clientId={clientId} />
      {/* The screen is told of the business the console shows right after it is drawn: no prompt for it meanwhile. */}
      {clientId === null && shown === null ? <p className="mc-platform-picker-prompt">{t("platform.picker.prompt")}</p> : null}
      {children}
    </FilterCard>
  )
}
