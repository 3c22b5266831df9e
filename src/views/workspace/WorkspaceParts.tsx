/**
 * Pieces the workspace screens share: the honest error callout (a call that answers 501 or fails says so, rows are
 * never invented), channel and agent selects, a filter field, the page-scoped actor hook and the read-only
 * transcript drawer around the chat's own Transcript.
 */
import { useEffect, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Drawer, HTMLSelect, Icon, Spinner, type IconName } from "@blueprintjs/core"
import type { AnyActorRef, AnyStateMachine, ActorRefFrom } from "xstate"
import type { AgentLoad } from "../../contract/schemas/chat"
import { CHANNELS } from "../../machines/report-kit/paged"
import { startPageActor } from "../../machines/common/page-actor"
import type { transcriptMachine } from "../../machines/workspace/transcript-machine"
import { useRootActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { Transcript } from "../chat/Transcript"
import "./workspace.css"

export const CHANNEL_ICONS: Record<string, IconName> = {
  whatsapp: "chat",
  facebook: "people",
  instagram: "camera",
  sms: "mobile-phone",
  webchat: "globe-network",
}

export const ChannelCell = ({ channel }: { channel: string }) => {
  const { t } = useTranslation()
  return (
    <>
      <Icon icon={CHANNEL_ICONS[channel] ?? "chat"} size={12} /> {t(`workspace.channels.${channel}`, { defaultValue: channel })}
    </>
  )
}

/** The row's first cell: its name, as the button that opens it (keeps the wide tables one column shorter). */
export const OpenCell = ({
  text,
  onOpen,
  disabled,
  testId = "open-transcript",
  num = false,
}: {
  text: string
  onOpen: () => void
  disabled?: boolean
  testId?: string
  num?: boolean
}) => (
  <td>
    <Button
      size="small"
      variant="minimal"
      intent="primary"
      icon="chat"
      text={text}
      className={num ? "mc-num" : undefined}
      disabled={disabled}
      onClick={onOpen}
      data-testid={testId}
    />
  </td>
)

export const LoadError = ({ message, onRetry, testId = "ws-error" }: { message: string | null; onRetry?: () => void; testId?: string }) => {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <Callout intent="danger" icon="error" data-testid={testId}>
      {t("workspace.common.loadFailed", { message })}
      {onRetry ? (
        <>
          {" "}
          <Button size="small" variant="minimal" icon="refresh" text={t("workspace.common.retry")} onClick={onRetry} />
        </>
      ) : null}
    </Callout>
  )
}

export const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <label className="mc-report-field">
    <span>{label}</span>
    {children}
  </label>
)

export const ChannelSelect = ({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId: string }) => {
  const { t } = useTranslation()
  return (
    <Field label={t("workspace.common.channel")}>
      <HTMLSelect value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
        <option value="">{t("workspace.common.all")}</option>
        {CHANNELS.map((c) => (
          <option key={c} value={c}>
            {t(`workspace.channels.${c}`)}
          </option>
        ))}
      </HTMLSelect>
    </Field>
  )
}

export const AgentSelect = ({
  value,
  agents,
  error,
  onChange,
  testId,
}: {
  value: string
  agents: readonly AgentLoad[]
  error?: string | null
  onChange: (value: string) => void
  testId: string
}) => {
  const { t } = useTranslation()
  return (
    <Field label={t("workspace.common.agent")}>
      <HTMLSelect
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
        title={error ? t("workspace.common.agentsUnavailable", { message: error }) : undefined}
      >
        <option value="">{t("workspace.common.all")}</option>
        {agents.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.display_name ?? a.username}
          </option>
        ))}
      </HTMLSelect>
    </Field>
  )
}

/** An actor for as long as the page is open (the softphone's pattern), inside the app's system. */
export const usePageActor = <M extends AnyStateMachine>(machine: M, id: string, input?: unknown): ActorRefFrom<M> | null => {
  const root: AnyActorRef = useRootActor()
  const [actor, setActor] = useState<ActorRefFrom<M> | null>(null)
  const key = JSON.stringify(input ?? null)
  useEffect(() => {
    const started = startPageActor(root, machine, id, JSON.parse(key) ?? undefined)
    setActor(started as unknown as ActorRefFrom<M>)
    return () => {
      started.stop()
      setActor(null)
    }
  }, [root, machine, id, key])
  return actor
}

export type TranscriptActor = ActorRefFrom<typeof transcriptMachine>

export const TranscriptDrawer = ({ actor }: { actor: TranscriptActor }) => {
  const { t, i18n } = useTranslation()
  const failureText = useFailureText()
  const context = useSelector(actor, (s) => s.context)
  const open = useSelector(actor, (s) => !s.hasTag("closed"))
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const ready = useSelector(actor, (s) => s.hasTag("ready"))
  const loadingOlder = useSelector(actor, (s) => s.hasTag("loadingOlder"))
  return (
    <Drawer
      isOpen={open}
      onClose={() => actor.send({ type: "CLOSE" })}
      title={t("workspace.common.transcript", { name: context.title })}
      icon="chat"
      size="520px"
      position={i18n.dir() === "rtl" ? "left" : "right"}
      className="mc-ws-drawer"
    >
      <div className="mc-ws-drawer-body" data-testid="ws-transcript">
        {loading ? (
          <div className="mc-report-empty">
            <Spinner size={28} />
          </div>
        ) : null}
        {context.failure ? (
          <Callout intent="danger" icon="error" data-testid="ws-transcript-error">
            {t("workspace.common.transcriptFailed", { message: failureText(context.failure) })}
            {failed ? (
              <>
                {" "}
                <Button
                  size="small"
                  variant="minimal"
                  icon="refresh"
                  text={t("workspace.common.retry")}
                  onClick={() => actor.send({ type: "RETRY" })}
                />
              </>
            ) : null}
          </Callout>
        ) : null}
        {ready ? (
          <Transcript
            messages={context.messages}
            hasOlder={context.hasOlder}
            loadingOlder={loadingOlder}
            onLoadOlder={() => actor.send({ type: "OLDER" })}
          />
        ) : null}
      </div>
    </Drawer>
  )
}
