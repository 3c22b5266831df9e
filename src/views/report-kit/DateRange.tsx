/**
 * The reports' date-range picker, with its label: two months, dd-MM-yyyy, in the console's language (date-fns
 * locales), any dates past or future (date-days.ts).
 *
 * Escape closes the calendar and Blueprint takes the focus out of the field (focusing the field again would open
 * the calendar again): the focus goes to the range's frame, so it stays where the user was instead of the page's
 * start, and Tab goes on from there.
 */
import { useRef, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { DateRangeInput } from "@blueprintjs/datetime"
import { arSA, enUS, tr } from "date-fns/locale"
import { boundsOf, toDate, toDay, typedRange } from "./date-days"
import "@blueprintjs/datetime/lib/css/blueprint-datetime.css"

const LOCALES = { en: enUS, tr, ar: arSA } as const

export const DateRange = ({
  start,
  end,
  onChange,
  testId,
  reversed = false,
}: {
  start: string
  end: string
  onChange: (start: string, end: string) => void
  testId: string
  /** Pass a start after the end on to the report, whose check says why it is not applied. */
  reversed?: boolean
}) => {
  const { t, i18n } = useTranslation()
  const language = (i18n.resolvedLanguage ?? "en") as keyof typeof LOCALES
  const value = [toDate(start), toDate(end)] as [Date | null, Date | null]
  const [minDate, maxDate] = boundsOf(value[0], value[1])
  const frame = useRef<HTMLFieldSetElement>(null)
  const keepFocus = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return
    requestAnimationFrame(() => {
      const focused = document.activeElement
      if (focused === null || focused === document.body) frame.current?.focus()
    })
  }
  return (
    <label className="mc-report-field">
      <span>{t("reportKit.common.dateRange")}</span>
      {/* Named, and focusable from a script only: where Escape leaves the focus. */}
      <fieldset ref={frame} className="mc-report-daterange" data-testid={testId} tabIndex={-1} aria-label={t("reportKit.common.dateRange")}>
        <DateRangeInput
          value={value}
          onChange={([from, to]) => onChange(toDay(from), toDay(to))}
          onError={(range) => {
            const typed = typedRange(range, reversed)
            if (typed) onChange(...typed)
          }}
          locale={LOCALES[language] ?? enUS}
          dateFnsFormat="dd-MM-yyyy"
          // The two inputs' frame says whether the calendar is open (aria-expanded), which only a grouping role may:
          // a fieldset is a group, and groups the start and the end.
          popoverProps={{ targetTagName: "fieldset" }}
          allowSingleDayRange
          overlappingDatesMessage={t("reportKit.problems.endBeforeStart")}
          shortcuts={false}
          minDate={minDate}
          maxDate={maxDate}
          startInputProps={{
            "aria-label": t("reportKit.common.startDate"),
            placeholder: t("reportKit.common.startDate"),
            name: "start",
            onKeyDown: keepFocus,
          }}
          endInputProps={{
            "aria-label": t("reportKit.common.endDate"),
            placeholder: t("reportKit.common.endDate"),
            name: "end",
            onKeyDown: keepFocus,
          }}
        />
      </fieldset>
    </label>
  )
}
