/**
 * The middle pane: who the customer is and who holds the conversation, the agent's moves, the 24-hour window, the
 * transcript with the unsent (pending/failed) messages and the customer's typing under it, and the composer.
 */
import { useCallback, useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, ButtonGroup, Menu, MenuItem, PopoverNext, Tag } from "@blueprintjs/core"
import type { ConversationRef } from "../../machines/chat/inbox-machine"
import { pendingMessage } from "../../machines/chat/conversation-outbox"
import { composerMode, isBusy, isMissingCall, mayClose, mayTake, mayTransfer } from "../../machines/chat/chat-selectors"
import { clockTime, dayKey } from "../../machines/chat/chat-format"
import { ActionDialogs, type DialogKind } from "./ActionDialogs"
import { Composer } from "./Composer"
import { MessageBubble } from "./MessageBubble"
import { SlaCountdown } from "../sla/SlaCountdown"
import { Transcript } from "./Transcript"
import { ErrorCallout, chatToast, useLookupRef } from "./chat-hooks"
import { useFailureText } from "../common/failure-text"
import { ThreadTranscript } from "../transcripts/ThreadTranscript"
import { ScheduleDialog } from "../scheduled-sends/SendLater"
import { ScheduledList } from "../scheduled-sends/ScheduledList"
import { useScheduledSends } from "../scheduled-sends/use-scheduled-sends"

export const ThreadPane = ({
  actor,
  userId,
  dialog,
  setDialog,
}: {
  actor: ConversationRef
  userId: number
  dialog: DialogKind | null
  setDialog: (d: DialogKind | null) => void
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const conversation = useSelector(actor, (s) => s.context.conversation)
  const messages = useSelector(actor, (s) => s.context.messages)
  const total = useSelector(actor, (s) => s.context.total)
  const outbox = useSelector(actor, (s) => s.context.outbox)
  const loadFailure = useSelector(actor, (s) => s.context.loadFailure)
  const notice = useSelector(actor, (s) => s.context.notice)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const loadingOlder = useSelector(actor, (s) => s.hasTag("loadingOlder"))
  const typing = useSelector(actor, (s) => s.hasTag("typing"))
  const busy = useSelector(actor, isBusy)
  const canned = useLookupRef("canned")
  const scheduled = useScheduledSends(conversation.id)
  const lastOutboundId = useMemo(() => messages.findLast((m) => m.direction === "outbound")?.id ?? null, [messages])
  // The window closes while the agent looks at it: re-evaluate every half minute.
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  const mode = composerMode(conversation, userId, now)

  useEffect(() => {
    if (!notice) return
    if (notice.kind === "done") {
      const text =
        notice.op === "complaint"
          ? t("chat.complaintDialog.created", { ticket: notice.ticket ?? "" })
          : notice.op === "take"
            ? t("chat.done.taken")
            : notice.op === "transfer"
              ? t("chat.done.transferred", { name: notice.name ?? "" })
              : notice.op === "close"
                ? t("chat.done.closed")
                : notice.op === "block"
                  ? t("chat.done.blocked")
                  : notice.op === "unblock"
                    ? t("chat.done.unblocked")
                    : null
      if (text) void chatToast(text, "success")
    } else void chatToast(failureText(notice.failure), isMissingCall(notice.failure) ? "warning" : "danger")
    actor.send({ type: "NOTICE.DISMISS" })
  }, [notice, actor, t, failureText])

  const you = t("chat.inbox.you")
  const footer = useMemo(
    () => (
      <>
        {outbox
          .filter((o) => o.state !== "sent")
          .map((o) => (
            <MessageBubble
              key={`out-${o.localId}`}
              message={pendingMessage(o, conversation.number, you)}
              pending={o.state !== "failed"}
              failedReason={o.state === "failed" ? (o.failure ? failureText(o.failure) : "") : undefined}
              onRetry={o.state === "failed" ? () => actor.send({ type: "RETRY", localId: o.localId }) : undefined}
            />
          ))}
        {scheduled ? <ScheduledList actor={scheduled} lastOutboundId={lastOutboundId} /> : null}
        {typing ? (
          <div className="mc-typing" data-testid="chat-typing">
            <span className="mc-typing-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {t("chat.thread.typing")}
          </div>
        ) : null}
      </>
    ),
    [outbox, typing, conversation.number, you, actor, failureText, t, scheduled, lastOutboundId],
  )

  const loadOlder = useCallback(() => actor.send({ type: "LOAD_OLDER" }), [actor])
  const act = (op: "take" | "unblock") => actor.send({ type: "ACT", action: { op } })
  const expires = conversation.session_expires_at
  return (
    <section
      className="mc-thread"
      aria-label={conversation.name ?? conversation.number}
      data-testid="chat-thread"
      data-id={conversation.id}
      data-status={conversation.status}
    >
      <header className="mc-thread-head">
        <div className="mc-thread-who">
          <strong className="mc-thread-name">{conversation.name ?? <span className="mc-num">{conversation.number}</span>}</strong>
          <span className="mc-thread-sub">
            <span className="mc-num">{conversation.number}</span>
            <Tag minimal>{t(`chat.channels.${conversation.channel_type}`)}</Tag>
            <Tag minimal intent={conversation.status === "closed" ? "none" : "primary"} data-testid="chat-thread-status">
              {t(`chat.statuses.${conversation.status}`)}
            </Tag>
            <SlaCountdown conversationId={conversation.id} />
            <span className="mc-muted" data-testid="chat-thread-agent">
              {conversation.agent_name ? t("chat.thread.assignedTo", { name: conversation.agent_name }) : t("chat.thread.unassigned")}
            </span>
            {conversation.labels.map((l) => (
              <Tag key={l} minimal round icon="tag">
                {l}
              </Tag>
            ))}
          </span>
        </div>
        <ButtonGroup className="mc-thread-actions">
          {mayTake(conversation, userId) ? (
            <Button
              icon="hand"
              intent="primary"
              text={t("chat.thread.take")}
              loading={busy}
              onClick={() => act("take")}
              data-testid="chat-take"
            />
          ) : null}
          {mayTransfer(conversation) ? (
            <Button
              icon="exchange"
              text={t("chat.thread.transfer")}
              disabled={busy}
              onClick={() => setDialog("transfer")}
              data-testid="chat-transfer"
            />
          ) : null}
          {mayClose(conversation) ? (
            <Button icon="tick" text={t("chat.thread.close")} disabled={busy} onClick={() => setDialog("close")} data-testid="chat-close" />
          ) : null}
          <ThreadTranscript conversationId={conversation.id} />
          <PopoverNext
            placement="bottom-end"
            content={
              <Menu>
                <MenuItem icon="tag" text={t("chat.thread.labels")} onClick={() => setDialog("labels")} data-testid="chat-labels" />
                <MenuItem
                  icon="issue-new"
                  text={t("chat.thread.complaint")}
                  onClick={() => setDialog("complaint")}
                  data-testid="chat-complaint"
                />
                {conversation.blocked ? (
                  <MenuItem icon="unlock" text={t("chat.thread.unblock")} onClick={() => act("unblock")} data-testid="chat-unblock" />
                ) : (
                  <MenuItem
                    icon="disable"
                    intent="danger"
                    text={t("chat.thread.block")}
                    onClick={() => setDialog("block")}
                    data-testid="chat-block"
                  />
                )}
              </Menu>
            }
          >
            <Button icon="more" aria-label={t("chat.thread.labels")} data-testid="chat-more" />
          </PopoverNext>
        </ButtonGroup>
      </header>
      {mode === "text" && expires ? (
        <div className="mc-window mc-muted" data-testid="chat-window-open">
          {t("chat.thread.windowOpen", {
            time: `${dayKey(expires) === dayKey(new Date(now).toISOString()) ? "" : `${dayKey(expires)} `}${clockTime(expires)}`,
          })}
        </div>
      ) : null}
      {loadFailure ? (
        <div className="mc-chat-pad">
          <ErrorCallout failure={loadFailure} compact onRetry={() => actor.send({ type: "RELOAD" })} testId="chat-thread-error" />
        </div>
      ) : null}
      <Transcript
        messages={loading ? [] : messages}
        hasOlder={messages.length < total}
        loadingOlder={loadingOlder || loading}
        onLoadOlder={loadOlder}
        footer={footer}
      />
      <Composer
        conversation={actor}
        mode={mode}
        canned={canned}
        onTemplate={() => setDialog("template")}
        onProducts={() => setDialog("products")}
        onTake={() => act("take")}
        onUnblock={() => act("unblock")}
        heldBy={conversation.agent_id === null ? null : (conversation.agent_name ?? "")}
        scheduled={scheduled}
      />
      {scheduled ? <ScheduleDialog actor={scheduled} /> : null}
      <ActionDialogs kind={dialog} conversation={conversation} actor={actor} onClose={() => setDialog(null)} />
    </section>
  )
}
