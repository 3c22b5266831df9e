/**
 * Pieces the workspace screens share: channel and agent selects, a filter field, and the
 * read-only transcript drawer around the chat's own Transcript.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Drawer, HTMLSelect, Icon, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { AgentLoad } from "../../contract/schemas/chat"
import type { Failure } from "../../machines/common/failure"
import { CHANNELS } from "../../machines/report-kit/paged"
import type { transcriptMachine } from "../../machines/workspace/transcript-machine"
import { channelIconOf } from "../report-kit/channel-icons"
import { useFailureText } from "../common/failure-text"
import { Transcript } from "../chat/Transcript"
import "./workspace.css"

export const ChannelCell = ({ channel }: { channel: string }) => {
  const { t } = useTranslation()
  return (
    <>
      <Icon icon={channelIconOf(channel)} size={12} /> {t(`workspace.channels.${channel}`, { defaultValue: channel })}
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
  error?: Failure | null
  onChange: (value: string) => void
  testId: string
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  return (
    <Field label={t("workspace.common.agent")}>
      <HTMLSelect
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
        title={error ? t("workspace.common.agentsUnavailable", { message: failureText(error) }) : undefined}
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

/** A drawer's load failure in the one failure wording, with Retry while the actor can retry. */
export const DetailFailure = ({
  failure,
  text,
  onRetry,
  testId,
}: {
  failure: Failure | null
  text: (message: string) => string
  onRetry: (() => void) | undefined
  testId: string
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  if (!failure) return null
  return (
    <Callout intent="danger" icon="error" data-testid={testId}>
      {text(failureText(failure))}
      {onRetry ? (
        <>
          {" "}
          <Button size="small" variant="minimal" icon="refresh" text={t("workspace.common.retry")} onClick={onRetry} />
        </>
      ) : null}
    </Callout>
  )
}

export type TranscriptActor = ActorRefFrom<typeof transcriptMachine>

export const TranscriptDrawer = ({ actor }: { actor: TranscriptActor }) => {
  const { t, i18n } = useTranslation()
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
        <DetailFailure
          failure={context.failure}
          text={(message) => t("workspace.common.transcriptFailed", { message })}
          onRetry={failed ? () => actor.send({ type: "RETRY" }) : undefined}
          testId="ws-transcript-error"
        />
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
