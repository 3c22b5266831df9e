/** What the report views read besides their rows: the meta a load brought, and values worded for cards and charts. */
import { useMemo } from "react"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { CellKind } from "../../machines/report-kit/columns"
import { useCellText } from "../report-kit/cell-text"
import type { AnyReportActor } from "../report-kit/report-hooks"

/** The meta a report's last load brought (undefined before the first). */
export const useMeta = <Meta>(actor: AnyReportActor): Meta | undefined => useSelector(actor, (s) => s.context.meta as Meta | undefined)

/** A card's value maker: a figure of a kind, or a dash while nothing is loaded or nothing was measured. */
export const useFigure = () => {
  const text = useCellText()
  return (kind: CellKind, value: number | null | undefined): string => (value === undefined ? "–" : text(kind, value))
}

/** A chart's value formatter for durations (seconds) and percentages. */
export const useChartFormat = (kind: CellKind) => {
  const text = useCellText()
  return useMemo(() => (value: number) => text(kind, value), [text, kind])
}

export const useT = () => useTranslation().t
