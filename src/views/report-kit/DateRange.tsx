/** The reports' date-range picker: two months, any dates, dd-MM-yyyy, in the console's language (date-fns locales). */
import { useTranslation } from "react-i18next"
import { DateRangeInput } from "@blueprintjs/datetime"
import { arSA, enUS, tr } from "date-fns/locale"

const LOCALES = { en: enUS, tr, ar: arSA } as const

/** `YYYY-MM-DD` <-> a local Date at midnight of that day (the day the user picked). */
const toDate = (day: string): Date | null => {
  if (!day) return null
  const [y, m, d] = day.split("-").map(Number)
  return new Date(y, m - 1, d)
}
const toDay = (date: Date | null): string =>
  date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}` : ""

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
    <div className="mc-report-daterange" data-testid={testId}>
      <DateRangeInput
        value={[toDate(start), toDate(end)]}
        onChange={([from, to]) => onChange(toDay(from), toDay(to))}
        locale={LOCALES[language] ?? enUS}
        dateFnsFormat="dd-MM-yyyy"
        allowSingleDayRange
        shortcuts={false}
        minDate={new Date(2000, 0, 1)}
        maxDate={new Date(2100, 11, 31)}
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
  )
}
