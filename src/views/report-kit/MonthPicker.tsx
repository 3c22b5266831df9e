/**
 * A calendar month (`YYYY-MM`) as two selects, month name and year, in the console's language (the browser's own
 * `<input type="month">` speaks the browser's language, not the page's). Years: the last `years` up to this one.
 */
import { HTMLSelect } from "@blueprintjs/core"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"

interface MonthPickerProps {
  readonly value: string
  readonly onChange: (month: string) => void
  readonly testId: string
  /** The picker's visible label ("From"): each select is named by it and by what it picks. */
  readonly label: string
  readonly years?: number
}

const pad = (n: number) => String(n).padStart(2, "0")

export const MonthPicker = ({ value, onChange, testId, label, years = 6 }: MonthPickerProps) => {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? "en"
  const names = useMemo(() => {
    const format = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { month: "long", timeZone: "UTC" })
    return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 1)))
  }, [language])
  const [year, month] = value.split("-").map(Number)
  const thisYear = new Date().getUTCFullYear()
  const choices = Array.from({ length: years }, (_, i) => thisYear - i)
  if (year && !choices.includes(year)) choices.push(year)
  return (
    <span className="mc-month-picker" data-testid={testId}>
      <HTMLSelect
        value={month ? pad(month) : ""}
        onChange={(e) => onChange(`${year || thisYear}-${e.currentTarget.value}`)}
        aria-label={`${label}: ${t("reportKit.filters.month")}`}
        data-testid={`${testId}-month`}
      >
        {names.map((name, i) => (
          <option key={name} value={pad(i + 1)}>
            {name}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        value={year ? String(year) : ""}
        onChange={(e) => onChange(`${e.currentTarget.value}-${pad(month || 1)}`)}
        aria-label={`${label}: ${t("reportKit.filters.year")}`}
        data-testid={`${testId}-year`}
      >
        {choices.map((y) => (
          <option key={y} value={String(y)}>
            {y}
          </option>
        ))}
      </HTMLSelect>
    </span>
  )
}

/** `YYYY-MM` as a short month and year in the console's language ("May 2026", "Mayıs 2026", "مايو 2026"). */
export const useMonthName = () => {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? "en"
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { month: "short", year: "numeric", timeZone: "UTC" })
    return (month: string) => {
      const [y, m] = month.split("-").map(Number)
      return y && m ? format.format(Date.UTC(y, m - 1, 1)) : month
    }
  }, [language])
}
