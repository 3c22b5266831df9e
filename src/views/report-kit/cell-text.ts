/** How a report cell reads on screen, in the user's language (the CSV's English form is columns.ts fileText). */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { type CellKind, dayText, hourText } from "../../machines/report-kit/columns"
import { durationParts, formatDateTime } from "../../machines/report-kit/format"

export const useCellText = () => {
  const { t, i18n } = useTranslation()
  return useMemo(() => cellText(t, i18n.language), [t, i18n.language])
}

const cellText = (t: ReturnType<typeof useTranslation>["t"], language: string) => {
  const numbers = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 1 })
  const money = new Intl.NumberFormat(`${language}-u-nu-latn`, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return (kind: CellKind, value: string | number | null): string => {
    if (value === null || value === "") return kind === "text" ? "" : "–"
    switch (kind) {
      case "date":
        return formatDateTime(value)
      case "day":
        return dayText(String(value))
      case "duration": {
        const p = durationParts(Number(value))
        return p.short ? t("reports.calls.seconds", { s: p.s }) : t("reports.calls.hms", { h: p.h, m: p.m, s: p.s })
      }
      case "percent":
        return `${numbers.format(Number(value))}%`
      case "money":
        return money.format(Number(value))
      case "number":
        return numbers.format(Number(value))
      case "flag":
        return value ? t("reports.common.yes") : t("reports.common.no")
      case "weekday":
        return t(`reports.weekdays.${value}`)
      case "hour":
        return hourText(Number(value))
      case "channel":
        return t(`reports.channels.${value}`)
      case "status":
        return t(`reports.statuses.${value}`, { defaultValue: String(value) })
      default:
        return String(value)
    }
  }
}

/** Kinds whose text reads left to right in Arabic too (digits, dates). */
export const isNumeric = (kind: CellKind): boolean =>
  kind !== "text" && kind !== "flag" && kind !== "weekday" && kind !== "channel" && kind !== "status"
