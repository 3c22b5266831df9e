/**
 * The reports' date-range picker, with its label: two months, dd-MM-yyyy, in the console's language (date-fns
 * locales). Any dates, past or future (spec 000 section 5): the bounds are every day the format can write, since
 * Blueprint's own defaults (20 years back, 6 months ahead) would refuse the rest as out of range.
 */
import { useTranslation } from "react-i18next"
import { DateRangeInput } from "@blueprintjs/datetime"
import { arSA, enUS, tr } from "date-fns/locale"

const LOCALES = { en: enUS, tr, ar: arSA } as const

/** `YYYY-MM-DD` <-> a local Date at midnight of that day (the day the user picked); years below 100 stay themselves. */
const toDate = (day: string): Date | null => {
  if (!day) return null
  const [y, m, d] = day.split("-").map(Number)
  const date = new Date(2000, m - 1, d)
  date.setFullYear(y)
  return date
}
const toDay = (date: Date | null): string =>
  date
    ? `${String(date.getFullYear()).padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`
    : ""

const FIRST_DAY = toDate("0001-01-01") as Date
const LAST_DAY = toDate("9999-12-31") as Date

export const DateRange = ({
  start,
  end,
  onChange,
  testId,
}: {
  start: string
  end: string
  onChange: (start: string, end: string) => void
  testId: string
}) => {
  const { t, i18n } = useTranslation()
  const language = (i18n.resolvedLanguage ?? "en") as keyof typeof LOCALES
  return (
    <label className="mc-report-field">
      <span>{t("reports.common.dateRange")}</span>
      <div className="mc-report-daterange" data-testid={testId}>
        <DateRangeInput
          value={[toDate(start), toDate(end)]}
          onChange={([from, to]) => onChange(toDay(from), toDay(to))}
          locale={LOCALES[language] ?? enUS}
          dateFnsFormat="dd-MM-yyyy"
          allowSingleDayRange
          shortcuts={false}
          minDate={FIRST_DAY}
          maxDate={LAST_DAY}
          startInputProps={
            {
              "aria-label": t("reports.common.startDate"),
              placeholder: t("reports.common.startDate"),
              name: "start",
            } as never
          }
          endInputProps={{ "aria-label": t("reports.common.endDate"), placeholder: t("reports.common.endDate"), name: "end" } as never}
        />
      </div>
    </label>
  )
}
