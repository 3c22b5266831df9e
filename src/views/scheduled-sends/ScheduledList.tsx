/**
 * The open conversation's scheduled messages at the end of its thread: each with a clock, its time on the tenant's
 * clock, Edit and Cancel; one that failed says why. A message of ours arriving in the thread (`lastOutboundId`) reads
 * the list again: a scheduled one that left is then a normal message above.
 */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Icon } from "@blueprintjs/core"
import { shownAt } from "../../machines/reminders/reminder-time"
import { ErrorCallout } from "../chat/chat-hooks"
import type { ScheduledSendsRef } from "./use-scheduled-sends"
import "./scheduled-sends.css"

export const ScheduledList = ({ actor, lastOutboundId }: { actor: ScheduledSendsRef; lastOutboundId: number | null }) => {
  const { t } = useTranslation()
  const items = useSelector(actor, (s) => s.context.items)
  const zone = useSelector(actor, (s) => s.context.zone)
  const listFailure = useSelector(actor, (s) => s.context.listFailure)
  const busy = useSelector(actor, (s) => !s.matches({ edit: "idle" }))
  useEffect(() => {
    if (lastOutboundId !== null) actor.send({ type: "REFRESH" })
  }, [lastOutboundId, actor])
  if (listFailure)
    return <ErrorCallout failure={listFailure} compact onRetry={() => actor.send({ type: "REFRESH" })} testId="scheduled-list-error" />
  if (items.length === 0) return null
  return (
    <ul className="mc-scheduled" aria-label={t("scheduledSends.listLabel")} data-testid="scheduled-list">
      {items.map((s) => {
        const time = shownAt(s.send_at, zone)
        const failed = s.state === "failed"
        return (
          <li key={s.id} className="mc-scheduled-item" data-testid="scheduled-item" data-state={s.state}>
            <div className="mc-scheduled-head">
              <Icon icon={failed ? "warning-sign" : "time"} intent={failed ? "danger" : "none"} aria-hidden />
              <div dir="auto" className="mc-scheduled-text">
                {s.kind === "template" ? (s.template?.name ?? "") : s.text}
              </div>
            </div>
            <div className="mc-scheduled-foot">
              <span className="mc-muted mc-scheduled-when" data-testid="scheduled-when">
                {failed ? t("scheduledSends.failedAt", { time, reason: s.error ?? "" }) : t("scheduledSends.scheduledFor", { time })}
              </span>
              {failed ? null : (
                <Button
                  size="small"
                  variant="minimal"
                  icon="edit"
                  text={t("scheduledSends.edit")}
                  disabled={busy}
                  onClick={() => actor.send({ type: "EDIT", id: s.id })}
                  data-testid="scheduled-edit"
                />
              )}
              <Button
                size="small"
                variant="minimal"
                icon="cross"
                intent={failed ? "none" : "danger"}
                text={t(failed ? "scheduledSends.dismiss" : "scheduledSends.cancel")}
                disabled={busy}
                onClick={() => actor.send({ type: "CANCEL", id: s.id })}
                data-testid="scheduled-cancel"
              />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
