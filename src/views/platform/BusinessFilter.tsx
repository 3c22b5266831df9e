/**
 * The super admin's business, chosen in the page frame's filter card of a screen that acts on one business: the
 * picker, and until a business is chosen a line saying what choosing one does. The screen's machine holds the choice.
 * The screen's other filters (`children`, a date range) sit beside the picker in the same card.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { FilterCard } from "../common/FilterCard"
import { BusinessPicker } from "./BusinessPicker"

export const BusinessFilter = ({
  onPick,
  clientId,
  testId,
  children,
}: {
  readonly onPick: (business: PickedBusiness) => void
  /** The business the screen's machine holds; null or absent until one is chosen. */
  readonly clientId?: number | null
  readonly testId: string
  /** The screen's other filters, after the picker. */
  readonly children?: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <FilterCard testId={testId}>
      <BusinessPicker onPick={onPick} clientId={clientId} />
      {clientId === undefined || clientId === null ? <p className="mc-platform-picker-prompt">{t("platform.picker.prompt")}</p> : null}
      {children}
    </FilterCard>
  )
}
