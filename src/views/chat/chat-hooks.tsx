/** How the chat views reach the inbox actor, show failures honestly (a 501 says so) and raise short notices. */
import { useTranslation } from "react-i18next"
import { Button, Callout, type Intent } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import type { LookupItems } from "../../machines/chat/chat-actors"
import type { LookupKind } from "../../machines/chat/lookup-calls"
import { isMissingCall } from "../../machines/chat/chat-selectors"
import type { chatInboxMachine } from "../../machines/chat/inbox-machine"
import type { lookupMachine } from "../../machines/chat/lookup-machine"
import type { Failure } from "../../machines/common/failure"
import { systemActor } from "../../machines/system-ids"
import { useRootActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"

export type InboxRef = ActorRefFrom<typeof chatInboxMachine>

/** The inbox actor, or null when the root has none (never in the app; possible in isolated view tests). */
export const useInbox = (): InboxRef | null => systemActor(useRootActor().system, "chat-inbox") ?? null

export const chatToast = (message: string, intent: Intent) => toast(message, intent, "chat-toast")

export const ErrorCallout = ({
  failure,
  onRetry,
  compact = false,
  testId = "chat-error",
}: {
  failure: Failure
  onRetry?: () => void
  compact?: boolean
  testId?: string
}) => {
  const { t } = useTranslation()
  const text = useFailureText()(failure)
  const missing = isMissingCall(failure)
  return (
    <Callout
      intent={missing ? "warning" : "danger"}
      icon={missing ? "build" : "error"}
      compact={compact}
      data-testid={testId}
      data-code={failure.code}
      title={compact || missing ? undefined : t("failure.failed")}
    >
      <span>{text}</span>
      {onRetry ? (
        <Button
          size="small"
          variant="minimal"
          icon="refresh"
          text={t("chat.errors.retry")}
          onClick={onRetry}
          style={{ marginInlineStart: 8 }}
        />
      ) : null}
    </Callout>
  )
}

export type LookupRef = ActorRefFrom<typeof lookupMachine>

/** One of the inbox's pick lists (spawned with the inbox, so present whenever the chat screen renders). */
export const useLookupRef = (kind: LookupKind): LookupRef => {
  const ref = systemActor(useRootActor().system, `chat-lookup-${kind}`)
  if (!ref) throw new Error(`chat-lookup-${kind} is not running`)
  return ref
}

export const useLookup = <K extends LookupKind>(ref: LookupRef, _kind: K) => {
  // The list's element type follows from its kind, which the lookup machine holds as data.
  const items = useSelector(ref, (s) => s.context.items) as LookupItems[K]
  const failure = useSelector(ref, (s) => s.context.failure)
  const loading = useSelector(ref, (s) => s.hasTag("loading"))
  return { items, failure, loading }
}
