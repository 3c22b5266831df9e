/**
 * One chat message as every chat screen shows it: direction (customer on the start side, agent on the end side, so
 * Arabic mirrors by itself), agent name, time, text, media thumbnails that open the shared media preview dialog,
 * interactive and template messages, and WhatsApp-style delivery ticks on outbound messages.
 * `pending`/`failedReason`/`onRetry` are for the inbox's optimistic sends; other screens pass only `message`.
 */
import { memo, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button, Icon, Tag, Tooltip } from "@blueprintjs/core"
import type { Message, MessageStatus } from "../../contract/schemas/chat"
import { clockTime, fileSize, mediaKind, previewOf } from "../../machines/chat/chat-format"
import type { CallMessage } from "../../contract/schemas/reports"
import { MediaPreviewDialog } from "../media-preview/MediaPreviewDialog"
import { MessageExtras, Reaction, SharedLink } from "./MessageExtras"
import "./chat.css"

export interface MessageBubbleProps {
  readonly message: Message
  /** The send has not been acknowledged yet (optimistic). */
  readonly pending?: boolean
  /** The send failed with this reason; shows a retry button when `onRetry` is given. */
  readonly failedReason?: string
  readonly onRetry?: () => void
}

const Check = ({ double }: { double: boolean }) => (
  <svg width={double ? 18 : 12} height="12" viewBox={double ? "0 0 18 12" : "0 0 12 12"} aria-hidden="true" focusable="false">
    <path d="M1 6.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    {double ? <path d="M7 9.5l7-7" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
  </svg>
)

export const DeliveryTicks = ({ status, pending }: { status: MessageStatus; pending?: boolean }) => {
  const { t } = useTranslation()
  const shown = pending ? "pending" : status
  const label = t(`chat.bubble.status.${shown}`)
  let mark: ReactNode
  if (shown === "pending" || shown === "queued") mark = <Icon icon="time" size={12} />
  else if (shown === "failed") mark = <Icon icon="error" size={12} intent="danger" />
  else mark = <Check double={shown === "delivered" || shown === "read"} />
  return (
    <span
      className={`mc-ticks mc-ticks--${shown}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="chat-message-status"
      data-status={shown}
    >
      {mark}
    </span>
  )
}

const Interactive = ({ message }: { message: Message }) => {
  const value = message.interactive
  if (!value) return null
  return (
    <div className="mc-bubble-interactive">
      {value.header_type === "image" && value.header_value ? (
        <img className="mc-bubble-thumb" src={value.header_value} alt="" loading="lazy" />
      ) : null}
      {value.header_type !== "image" && value.header_value ? <strong>{value.header_value}</strong> : null}
      <p className="mc-bubble-text">{value.body}</p>
      {value.footer ? <small className="mc-bubble-footer-text">{value.footer}</small> : null}
      {value.actions_list.buttons.length ? (
        <div className="mc-bubble-buttons">
          {value.actions_list.buttons
            .map((b) => ("reply" in b ? b.reply.title : b.title))
            .map((title) => (
              // A message's reply buttons have distinct titles (the channel requires it).
              <span key={title} className="mc-bubble-button">
                {title}
              </span>
            ))}
        </div>
      ) : null}
    </div>
  )
}

const Media = ({ message, onOpen }: { message: Message; onOpen: (preview: CallMessage) => void }) => {
  const { t } = useTranslation()
  const kind = mediaKind(message)
  return (
    <div className="mc-bubble-media">
      {message.attachments.map((a, i) => {
        const open = () => onOpen(previewOf(message, i))
        const label = t("chat.bubble.openMedia", { name: a.name })
        if (kind === "image") {
          return (
            <button
              key={a.id}
              type="button"
              className="mc-bubble-thumb-button"
              onClick={open}
              aria-label={label}
              data-testid="chat-media-thumb"
            >
              <img className="mc-bubble-thumb" src={a.url} alt={a.name} loading="lazy" />
            </button>
          )
        }
        if (kind === "video") {
          return (
            <button
              key={a.id}
              type="button"
              className="mc-bubble-thumb-button mc-bubble-video"
              onClick={open}
              aria-label={label}
              data-testid="chat-media-thumb"
            >
              <video className="mc-bubble-thumb" src={a.url} preload="metadata" muted />
              <Icon icon="play" size={28} className="mc-bubble-play" />
            </button>
          )
        }
        if (kind === "audio")
          return <audio key={a.id} controls preload="none" src={a.url} className="mc-bubble-audio" aria-label={a.name} />
        return (
          <button key={a.id} type="button" className="mc-bubble-doc" onClick={open} aria-label={label} data-testid="chat-media-thumb">
            <Icon icon="document" size={20} />
            <span className="mc-bubble-doc-name">{a.name}</span>
            <span className="mc-bubble-doc-size mc-num">{fileSize(a.size)}</span>
          </button>
        )
      })}
    </div>
  )
}

/** A media message without its file: still being fetched from the channel, unavailable, or sent without one. */
const MediaPlaceholder = ({ message }: { message: Message }) => {
  const { t } = useTranslation()
  const kind = mediaKind(message)
  if (message.media === "unavailable")
    return (
      <Tag minimal intent="warning" icon="disable" data-testid="chat-media-unavailable">
        {t(`chat.bubble.${kind}`)}: {t("chat.bubble.mediaUnavailable")}
      </Tag>
    )
  if (message.media === "downloading")
    return (
      <Tag minimal icon="cloud-download" data-testid="chat-media-downloading">
        {t(`chat.bubble.${kind}`)}: {t("chat.bubble.mediaDownloading")}
      </Tag>
    )
  return <Tag minimal>{t(`chat.bubble.${kind}`)}</Tag>
}

const Body = ({ message, onOpen }: { message: Message; onOpen: (preview: CallMessage) => void }) => {
  const { t } = useTranslation()
  const kind = mediaKind(message)
  switch (kind) {
    case "text":
      return (
        <>
          <SharedLink message={message} />
          <p className="mc-bubble-text">{message.body}</p>
        </>
      )
    case "interactive":
      return <Interactive message={message} />
    case "template":
      return (
        <>
          <Tag minimal icon="document" className="mc-bubble-template-tag">
            {t("chat.bubble.template")}
          </Tag>
          {message.body ? <p className="mc-bubble-text">{message.body}</p> : null}
        </>
      )
    case "image":
    case "video":
    case "audio":
    case "document":
      return (
        <>
          {message.attachments.length ? <Media message={message} onOpen={onOpen} /> : <MediaPlaceholder message={message} />}
          {message.body ? <p className="mc-bubble-text">{message.body}</p> : null}
        </>
      )
    default:
      if (message.shared)
        return (
          <>
            <SharedLink message={message} />
            {message.body ? <p className="mc-bubble-text">{message.body}</p> : null}
          </>
        )
      return message.body ? (
        <p className="mc-bubble-text">{message.body}</p>
      ) : (
        <p className="mc-bubble-text mc-muted">
          {t(message.type === "unsupported" ? "chat.bubble.customerUnsupported" : "chat.bubble.unsupported")}
        </p>
      )
  }
}

export const MessageBubble = memo(function MessageBubble({ message, pending, failedReason, onRetry }: MessageBubbleProps) {
  const { t } = useTranslation()
  const [preview, setPreview] = useState<CallMessage | null>(null)
  const outbound = message.direction === "outbound"
  const failed = failedReason !== undefined || message.status === "failed"
  const bot = message.sender_kind === "bot"
  const sender = message.echo ? t("chat.bubble.echo") : (message.agent_name ?? t("chat.bubble.bot"))
  const author = outbound ? (bot ? t("chat.bubble.chatbot") : sender) : null
  return (
    <div
      className={`mc-bubble-row ${outbound ? "mc-bubble-row--out" : "mc-bubble-row--in"}`}
      data-testid="chat-message"
      data-message-id={message.id}
      data-direction={message.direction}
      data-sender={bot ? "bot" : undefined}
      data-status={pending ? "pending" : message.status}
    >
      <div
        className={`mc-bubble ${outbound ? "mc-bubble--out" : "mc-bubble--in"}${failed ? " mc-bubble--failed" : ""}${pending ? " mc-bubble--pending" : ""}`}
      >
        {author ? <div className="mc-bubble-author">{author}</div> : null}
        <Body message={message} onOpen={setPreview} />
        <MessageExtras message={message} />
        <div className="mc-bubble-meta">
          <time dateTime={message.dt} className="mc-num">
            {clockTime(message.dt)}
          </time>
          {outbound ? <DeliveryTicks status={message.status} pending={pending} /> : null}
        </div>
        <Reaction message={message} />
      </div>
      {failedReason !== undefined ? (
        <div className="mc-bubble-failed" data-testid="chat-message-failed">
          <Tooltip content={failedReason || t("chat.bubble.sendFailed")}>
            <span>
              {t("chat.bubble.sendFailed")}
              {failedReason ? `: ${failedReason}` : ""}
            </span>
          </Tooltip>
          {onRetry ? (
            <Button size="small" variant="minimal" intent="danger" icon="refresh" text={t("chat.bubble.retry")} onClick={onRetry} />
          ) : null}
        </div>
      ) : message.status === "failed" && message.error ? (
        <div className="mc-bubble-failed" data-testid="chat-message-error">
          {t("chat.bubble.sendFailed")}: <bdi>{message.error}</bdi>
        </div>
      ) : null}
      {preview ? <MediaPreviewDialog message={preview} onClose={() => setPreview(null)} /> : null}
    </div>
  )
})
