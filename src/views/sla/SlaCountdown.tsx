/**
 * The chat's SLA countdowns: `SlaWatch` (mounted once by the conversation list) opens the `sla-clocks` page actor and
 * tells it which conversations are in view; `SlaCountdown` shows one conversation's clock, amber near breach and red
 * once breached; `SlaAlerts` shows the near-breach and breach notices the socket brought.
 */
import { Button, Callout } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import type { SlaClockState } from "../../contract/groups/sla"
import type { slaClocksMachine } from "../../machines/sla/sla-clocks"
import { countdownOf } from "../../machines/sla/sla-countdown"
import { usePageActor, useRootActor } from "../common/actor-context"
import { useFormat } from "../common/format"
import { LiveTag } from "../common/LiveTag"
import type { ActorRefFrom } from "xstate"

type ClocksRef = ActorRefFrom<typeof slaClocksMachine>

const INTENT: Record<SlaClockState, "none" | "warning" | "danger" | "success"> = {
  running: "success",
  paused: "none",
  near: "warning",
  breached: "danger",
}

export const SlaWatch = ({ ids }: { ids: readonly number[] }) => {
  const clocks = usePageActor<ClocksRef>("sla-clocks")
  const key = ids.join(",")
  useEffect(() => {
    clocks?.send({ type: "WATCH", ids: key === "" ? [] : key.split(",").map(Number) })
  }, [clocks, key])
  return clocks ? <SlaAlerts clocks={clocks} /> : null
}

const useClocks = (): ClocksRef | null => {
  const root = useRootActor()
  return useSelector(root, () => (root.system.get("sla-clocks") as ClocksRef | undefined) ?? null)
}

export const SlaCountdown = ({ conversationId, compact = false }: { conversationId: number; compact?: boolean }) => {
  const clocks = useClocks()
  return clocks ? <Countdown clocks={clocks} conversationId={conversationId} compact={compact} /> : null
}

const Countdown = ({ clocks, conversationId, compact }: { clocks: ClocksRef; conversationId: number; compact: boolean }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const clock = useSelector(clocks, (s) => s.context.clocks.find((c) => c.conversation_id === conversationId) ?? null)
  const readAt = useSelector(clocks, (s) => s.context.readAt)
  const now = useSelector(clocks, (s) => s.context.now)
  if (!clock) return null
  const shown = countdownOf(clock, readAt, now)
  const metric = t(`sla.metrics.${clock.metric}`)
  const text = t(`sla.clock.${shown.state}`, { metric, time: format.duration(shown.seconds) })
  return (
    <LiveTag
      round
      intent={INTENT[shown.state]}
      icon={shown.state === "paused" ? "pause" : "time"}
      title={text}
      aria-label={text}
      data-testid="sla-countdown"
      data-state={shown.state}
      data-conversation={conversationId}
    >
      {compact ? format.duration(shown.seconds) : text}
    </LiveTag>
  )
}

const SlaAlerts = ({ clocks }: { clocks: ClocksRef }) => {
  const { t } = useTranslation()
  const alerts = useSelector(clocks, (s) => s.context.alerts)
  if (alerts.length === 0) return null
  return (
    <Callout intent="danger" compact data-testid="sla-alerts">
      {alerts.map((a) => (
        <div
          key={`${a.conversation_id}-${a.metric}-${a.kind}`}
          data-testid="sla-alert"
          data-kind={a.kind}
          data-conversation={a.conversation_id}
        >
          {t(`sla.alert.${a.kind}`, { id: a.conversation_id, metric: t(`sla.metrics.${a.metric}`), policy: a.policy_name })}
        </div>
      ))}
      <Button size="small" variant="minimal" text={t("sla.alert.dismiss")} onClick={() => clocks.send({ type: "DISMISS" })} />
    </Callout>
  )
}
