/**
 * One option of a combobox's list (WAI-ARIA combobox pattern): the field keeps the focus and names the highlighted
 * option through aria-activedescendant, so options are never tabbed to, a mouse press does not blur the field (which
 * would close the list) before the click, and the field's arrows and Enter choose.
 */
import { Classes } from "@blueprintjs/core"
import type { ReactNode } from "react"

export const ComboOption = ({
  id,
  active,
  label,
  onChoose,
  onHover,
  testId,
  data,
  children,
}: {
  /** The option's element id, which the field's aria-activedescendant names. */
  readonly id: string
  readonly active: boolean
  /** What a screen reader reads, when the drawn text alone would say less. */
  readonly label?: string
  readonly onChoose: () => void
  readonly onHover?: () => void
  readonly testId: string
  /** `data-*` attributes a test reads. */
  readonly data?: Readonly<Record<string, string | number | boolean>>
  readonly children: ReactNode
}) => (
  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field takes the keys (arrows, Enter) for its options
  <div
    id={id}
    role="option"
    tabIndex={-1}
    aria-selected={active}
    aria-label={label}
    className={`${Classes.MENU_ITEM}${active ? ` ${Classes.ACTIVE}` : ""}`}
    onMouseDown={(event) => event.preventDefault()}
    onMouseEnter={onHover}
    onClick={onChoose}
    data-testid={testId}
    {...Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, value]))}
  >
    {children}
  </div>
)
