/** The dashboard's figure boxes: the chosen days' totals (the live "now" boxes sit above them). */
import { useTranslation } from "react-i18next"
import type { DashboardFigures } from "../../machines/dashboard/dashboard-figures"
import { Box, CardFailure, useCount } from "./DashboardParts"

export const RangeBoxes = ({ figures, onRetry }: { figures: DashboardFigures | null; onRetry: () => void }) => {
  const { t } = useTranslation()
  const count = useCount()
  const boxes = figures?.boxes
  const calls = figures?.calls
  const value = (n: number | undefined) => (n === undefined ? null : count(n))
  const zeroText = t("dashboard.zero.range")
  return (
    <section className="mc-dash-section" aria-labelledby="dash-range-title">
      <h2 className="mc-dash-section-head" id="dash-range-title">
        {t("dashboard.range.title")}
      </h2>
      {boxes?.failure ? <CardFailure card={boxes} onRetry={onRetry} testId="dash-boxes" /> : null}
      {calls?.failure ? <CardFailure card={calls} onRetry={onRetry} testId="dash-calls-boxes" /> : null}
      <div className="mc-dash-boxes">
        {boxes?.failure ? null : (
          <>
            <Box
              id="messagesIn"
              label={t("dashboard.box.messagesIn")}
              value={value(boxes?.value.messages_received)}
              zero={boxes?.value.messages_received === 0}
              zeroText={zeroText}
            />
            <Box
              id="messagesOut"
              label={t("dashboard.box.messagesOut")}
              value={value(boxes?.value.messages_sent)}
              zero={boxes?.value.messages_sent === 0}
              zeroText={zeroText}
            />
            <Box
              id="conversations"
              label={t("dashboard.box.conversations")}
              value={value(boxes?.value.total_conversations)}
              zero={boxes?.value.total_conversations === 0}
              zeroText={zeroText}
            />
          </>
        )}
        {calls?.failure ? null : (
          <>
            <Box
              id="callsAnswered"
              label={t("dashboard.box.callsAnswered")}
              value={value(calls?.value.answered)}
              zero={calls?.value.answered === 0}
              zeroText={zeroText}
            />
            <Box
              id="callsMissed"
              label={t("dashboard.box.callsMissed")}
              value={value(calls?.value.missed)}
              zero={calls?.value.missed === 0}
              zeroText={zeroText}
            />
          </>
        )}
      </div>
    </section>
  )
}
