/** How the chat views reach the inbox actor, show failures honestly (a 501 says so) and raise short notices. */
import { useTranslation } from "react-i18next"
import { Button, Callout, OverlayToaster, Position, type Intent, type Toaster } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { chatInboxMachine } from "../../machines/chat/inbox-machine"
import type { ChatError } from "../../machines/chat/chat-logic"
import { useRootActor } from "../common/actor-context"

export type InboxRef = ActorRefFrom<typeof chatInboxMachine>

/** The inbox actor, or null when the root has none (never in the app; possible in isolated view tests). */
export const useInbox = (): InboxRef | null => (useRootActor().system.get("chat-inbox") as InboxRef | undefined) ?? null

let toaster: Promise<Toaster> | null = null
export const chatToast = async (message: string, intent: Intent) => {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 3 })
  ;(await toaster).show({ message: <span data-testid="chat-toast">{message}</span>, intent, timeout: 3000 } as never)
}

/** A 501 names the call that is missing ("chat.agentConversations is not implemented yet"). */
export const useErrorText = () => {
  const { t } = useTranslation()
  return (error: ChatError): string => {
    if (error.code === "NOT_IMPLEMENTED" || error.status === 501) {
      return t("chat.errors.notImplemented", { call: error.message.split(" ")[0] ?? error.message })
    }
    return error.message || t("chat.errors.failed")
  }
}

export const ErrorCallout = ({
  error,
  onRetry,
  compact = false,
  testId = "chat-error",
}: {
  error: ChatError
  onRetry?: () => void
  compact?: boolean
  testId?: string
}) => {
  const { t } = useTranslation()
  const text = useErrorText()(error)
  const missing = error.code === "NOT_IMPLEMENTED" || error.status === 501
  return (
    <Callout
      intent={missing ? "warning" : "danger"}
      icon={missing ? "build" : "error"}
      compact={compact}
      data-testid={testId}
      data-code={error.code}
      title={compact ? undefined : missing ? undefined : t("chat.errors.failed")}
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

import { useSelector } from "@xstate/react"
import type { lookupMachine } from "../../machines/chat/lookup-machine"
import type { LookupItems, LookupKind } from "../../machines/chat/chat-actors"

export type LookupRef = ActorRefFrom<typeof lookupMachine>

/** One of the inbox's pick lists (spawned with the inbox, so present whenever the chat screen renders). */
export const useLookupRef = (kind: LookupKind): LookupRef => {
  const ref = useRootActor().system.get(`chat-lookup-${kind}`) as LookupRef | undefined
  if (!ref) throw new Error(`chat-lookup-${kind} is not running`)
  return ref
}

export const useLookup = <K extends LookupKind>(ref: LookupRef, _kind: K) => {
  const items = useSelector(ref, (s) => s.context.items) as LookupItems[K]
  const error = useSelector(ref, (s) => s.context.error)
  const loading = useSelector(ref, (s) => s.matches("loading"))
  return { items, error, loading }
}
