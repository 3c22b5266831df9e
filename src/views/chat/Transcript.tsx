/**
 * A conversation's messages, oldest at the top: day separators, stays pinned to the bottom while the reader is there
 * (new messages scroll in; reading older ones is never yanked away), loads older pages when scrolled to the top and
 * keeps the reader's place when they are prepended. Long transcripts stay fast without a windowing library: each row
 * has `content-visibility: auto`, so the browser skips layout and paint of rows off screen (the rows have variable
 * heights, which windowing libraries handle poorly).
 * `renderMessage` lets the inbox draw its optimistic (pending/failed) messages; other screens leave it out.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button, Spinner } from "@blueprintjs/core"
import type { Message } from "../../contract/schemas/chat"
import { dayRelation, transcriptRows } from "../../machines/chat/chat-format"
import { MessageBubble } from "./MessageBubble"
import "./chat.css"

export interface TranscriptProps {
  readonly messages: readonly Message[]
  readonly onLoadOlder?: () => void
  readonly loadingOlder?: boolean
  readonly hasOlder?: boolean
  /** Drawn after the messages (the inbox's unsent messages and typing indicator). */
  readonly footer?: ReactNode
  readonly renderMessage?: (message: Message) => ReactNode
}

/** Within this many pixels of the bottom the reader counts as "at the latest message". */
const PIN_SLACK = 80

const DaySeparator = ({ dayKey }: { dayKey: string }) => {
  const { t, i18n } = useTranslation()
  const relation = dayRelation(dayKey)
  let label: string
  if (relation === "today") label = t("chat.transcript.today")
  else if (relation === "yesterday") label = t("chat.transcript.yesterday")
  else {
    const [y, m, d] = dayKey.split("-").map(Number)
    label = new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1))
  }
  return (
    <div className="mc-day" data-testid="chat-day">
      <span>{label}</span>
    </div>
  )
}

export const Transcript = ({ messages, onLoadOlder, loadingOlder = false, hasOlder = false, footer, renderMessage }: TranscriptProps) => {
  const { t } = useTranslation()
  const scroller = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)
  const [showJump, setShowJump] = useState(false)
  const rows = useMemo(() => transcriptRows(messages), [messages])
  const firstId = messages[0]?.id
  const lastId = messages[messages.length - 1]?.id
  // Where the reader stood before a render, measured from the bottom, so a prepended page keeps their place.
  const fromBottom = useRef(0)
  const previousFirst = useRef(firstId)

  const onScroll = useCallback(() => {
    const el = scroller.current
    if (!el) return
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight
    pinned.current = distance < PIN_SLACK
    fromBottom.current = el.scrollHeight - el.scrollTop
    setShowJump(!pinned.current)
    if (el.scrollTop < PIN_SLACK && hasOlder && !loadingOlder && onLoadOlder) onLoadOlder()
  }, [hasOlder, loadingOlder, onLoadOlder])

  // biome-ignore lint/correctness/useExhaustiveDependencies: new content (a message, a page, the footer) is what re-pins the view
  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    if (previousFirst.current !== undefined && firstId !== previousFirst.current && !pinned.current) {
      // Older messages were prepended: keep the same message under the reader's eyes.
      el.scrollTop = el.scrollHeight - fromBottom.current
    } else if (pinned.current) {
      el.scrollTop = el.scrollHeight
    }
    previousFirst.current = firstId
    fromBottom.current = el.scrollHeight - el.scrollTop
  }, [firstId, lastId, rows.length, footer])

  // A short first page does not scroll, so the top is reached without a scroll event: ask for more right away
  // (measured after the browser laid the rows out, never on an empty transcript).
  useEffect(() => {
    if (!hasOlder || loadingOlder || !onLoadOlder || messages.length === 0) return
    const frame = requestAnimationFrame(() => {
      const el = scroller.current
      if (el && el.scrollHeight <= el.clientHeight) onLoadOlder()
    })
    return () => cancelAnimationFrame(frame)
  }, [hasOlder, loadingOlder, onLoadOlder, messages.length])

  const jump = () => {
    const el = scroller.current
    if (!el) return
    pinned.current = true
    el.scrollTop = el.scrollHeight
    setShowJump(false)
  }

  return (
    <div className="mc-transcript-wrap">
      <div
        className="mc-transcript"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t("chat.transcript.label")}
        data-testid="chat-transcript"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
        tabIndex={0}
      >
        <div className="mc-transcript-top">
          {loadingOlder ? (
            <span data-testid="chat-loading-older">
              <Spinner size={16} /> {t("chat.transcript.loadingOlder")}
            </span>
          ) : hasOlder && onLoadOlder ? (
            <Button
              variant="minimal"
              size="small"
              icon="history"
              text={t("chat.transcript.loadOlder")}
              onClick={onLoadOlder}
              data-testid="chat-load-older"
            />
          ) : messages.length ? (
            <span className="mc-muted">{t("chat.transcript.start")}</span>
          ) : null}
        </div>
        {messages.length === 0 && !footer ? <div className="mc-transcript-empty mc-muted">{t("chat.transcript.empty")}</div> : null}
        {rows.map((row) =>
          row.kind === "day" ? (
            <DaySeparator key={`day-${row.key}`} dayKey={row.key} />
          ) : (
            <div key={row.message.id} className="mc-transcript-row">
              {renderMessage ? renderMessage(row.message) : <MessageBubble message={row.message} />}
            </div>
          ),
        )}
        {footer}
      </div>
      {showJump ? (
        <Button
          className="mc-transcript-jump"
          icon="chevron-down"
          text={t("chat.transcript.jumpToLatest")}
          onClick={jump}
          data-testid="chat-jump-latest"
        />
      ) : null}
    </div>
  )
}
