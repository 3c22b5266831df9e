/** How a report cell reads on screen, in the user's language (the CSV's English form is columns.ts fileText). */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { type CellKind, dayText, hourText } from "../../machines/report-kit/columns"
import { formatterFor, wordsOf } from "../common/format"

export const useCellText = () => {
  const { t, i18n } = useTranslation()
  return useMemo(() => cellText(t, i18n.language), [t, i18n.language])
}

const cellText = (t: ReturnType<typeof useTranslation>["t"], language: string) => {
  const format = formatterFor(t, language)
  return (kind: CellKind, value: string | number | null): string => {
    if (value === null || value === "") return kind === "text" ? "" : "–"
    switch (kind) {
      case "date":
        return format.dateTime(value)
      case "day":
        return dayText(String(value))
      case "duration":
        return format.duration(Number(value))
      case "percent":
        return `${format.count(Number(value))}%`
      case "money":
        return format.money(Number(value))
      case "number":
        return format.count(Number(value))
      case "flag":
        return value ? t("reportKit.common.yes") : t("reportKit.common.no")
      case "weekday":
        return t(`reportKit.weekdays.${value}`)
      case "hour":
        return hourText(Number(value))
      case "channel":
        return format.enumValue("channel", String(value))
      case "status":
        return t(`reportKit.statuses.${value}`, { defaultValue: wordsOf(String(value)) })
      default:
        return String(value)
    }
  }
}

/**
 * Kinds whose text reads left to right in Arabic too (digits, dates). A duration is words with numbers ("0 س 16 د"):
 * it follows the page's direction, or Arabic draws its parts out of order.
 */
export const isNumeric = (kind: CellKind): boolean =>
  kind !== "text" && kind !== "flag" && kind !== "weekday" && kind !== "channel" && kind !== "status" && kind !== "duration"
