/** The dashboard's building blocks: a figure box, a panel that shows its card's failure with Retry. */
import { Button, Callout, Classes } from "@blueprintjs/core"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Card } from "../../machines/dashboard/dashboard-figures"
import { useFormat } from "../common/format"
import { useFailureText } from "../common/failure-text"

/** Lengths of time as every screen words them (the console's one duration format), compact for a figure box. */
export const useDuration = () => {
  const format = useFormat()
  return (seconds: number) => format.duration(seconds, true)
}

/**
 * One figure: its label, its value (null while nothing is known: a skeleton), and what zero means in words. `zero`
 * says when the value is "none" (a count of 0, a time with no conversations behind it).
 */
export const Box = ({
  id,
  label,
  value,
  zero,
  zeroText,
  hint,
}: {
  id: string
  label: string
  value: string | null
  zero: boolean
  zeroText: string
  hint?: string
}) => (
  <div className={`mc-card mc-dash-box${zero ? " mc-zero" : ""}`} data-testid={`box-${id}`}>
    <span className="mc-dash-box-label">{label}</span>
    <span className={`mc-dash-box-value${value === null ? ` ${Classes.SKELETON}` : ""}`} data-testid={`box-${id}-value`}>
      {value ?? "000"}
    </span>
    {value !== null && zero ? (
      <span className="mc-dash-box-hint">{zeroText}</span>
    ) : hint ? (
      <span className="mc-dash-box-hint">{hint}</span>
    ) : null}
  </div>
)

/** A card's failure in the common words, with a Retry that reads the figures again. */
export const CardFailure = ({ card, onRetry, testId }: { card: Card<unknown>; onRetry: () => void; testId: string }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  if (!card.failure) return null
  return (
    <Callout intent="danger" icon="error" data-testid={`${testId}-failed`}>
      {t("dashboard.cardFailed", { message: failureText(card.failure) })}{" "}
      <Button size="small" variant="minimal" icon="refresh" text={t("dashboard.retry")} onClick={onRetry} />
    </Callout>
  )
}

/**
 * A panel of the dashboard: its title and its card's content, or the card's failure, or a skeleton while unknown. A
 * panel whose content is a chart leaves the title to the chart (`chart`), which heads its table with it too.
 */
export const Panel = <T,>({
  title,
  card,
  onRetry,
  testId,
  wide,
  chart,
  children,
}: {
  title: string
  card: Card<T> | undefined
  onRetry: () => void
  testId: string
  wide?: boolean
  chart?: boolean
  children: (value: T) => ReactNode
}) => (
  <section className={`mc-card mc-dash-panel${wide ? " mc-wide" : ""}`} data-testid={testId} aria-label={title}>
    {card?.failure === null && chart ? null : <h3 className="mc-dash-panel-title">{title}</h3>}
    {card === undefined ? (
      <div className={Classes.SKELETON} style={{ height: 160 }} />
    ) : card.failure ? (
      <CardFailure card={card} onRetry={onRetry} testId={testId} />
    ) : (
      children(card.value)
    )}
  </section>
)
