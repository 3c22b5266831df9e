/** One floating, draggable incoming-call card; its actor decides, the card shows and sends. */
import { memo, useRef, useState, type PointerEvent } from "react"
import { Button, Card, Elevation, Menu, MenuItem, Popover, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { IncomingCallRef } from "../../machines/calls/call-center-setup"
import { CARD_BASE_PX, CARD_SPACING_PX, cardOf, selectCardSeconds, type CardView } from "../../machines/calls/call-selectors"
import { formatClock } from "../../machines/common/clock"

export const QUICK_REPLIES = ["busy", "later", "message"] as const

/** Dragging moves the card by an offset from its stacked place; purely visual, so it stays in the view. */
export const useDrag = () => {
  const [offset, setOffset] = useState({ x: 0, y: 0 })
  const start = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null)
  return {
    offset,
    handlers: {
      onPointerDown: (e: PointerEvent) => {
        if ((e.target as HTMLElement).closest("button, a, input, textarea")) return
        start.current = { x: e.clientX, y: e.clientY, ox: offset.x, oy: offset.y }
        ;(e.currentTarget as HTMLElement).setPointerCapture(e.pointerId)
      },
      onPointerMove: (e: PointerEvent) => {
        if (start.current)
          setOffset({
            x: start.current.ox + e.clientX - start.current.x,
            y: start.current.oy + e.clientY - start.current.y,
          })
      },
      onPointerUp: () => {
        start.current = null
      },
    },
  }
}

/** Every field but the ticking ones: the card re-renders on changes, not on every second. */
const sameCard = (a: CardView, b: CardView) =>
  a.callId === b.callId &&
  a.name === b.name &&
  a.number === b.number &&
  a.phase === b.phase &&
  a.isMuted === b.isMuted &&
  a.hidden === b.hidden

/** The only part that changes each second: a number, so the selector is cheap and the comparison exact. */
const Clock = ({ actor, ringing }: { actor: IncomingCallRef; ringing: boolean }) => {
  const { t } = useTranslation()
  const seconds = useSelector(actor, selectCardSeconds)
  return (
    <Tag minimal intent={ringing ? "warning" : "success"} data-testid="call-clock">
      {ringing ? t("calls.ringsFor", { seconds }) : formatClock(seconds)}
    </Tag>
  )
}

export interface CallCardProps {
  readonly actor: IncomingCallRef
  readonly slot: number
  readonly send: (event: { type: "call.accept" | "call.reject" | "call.terminate" | "call.hide" | "call.mute"; callId: string }) => void
  /** The tenant's quick replies (its call setting); the standard three when it has none. */
  readonly replies?: readonly string[]
  readonly onQuickReply: (callId: string, text: string) => void
  readonly onCustom: (callId: string, number: string) => void
}

/** Memoised: a new call re-renders the list, not the 49 cards already on screen (the props are stable). */
export const CallCard = memo(({ actor, slot, replies: own, send, onQuickReply, onCustom }: CallCardProps) => {
  const { t } = useTranslation()
  const card = useSelector(actor, cardOf, sameCard)
  const { offset, handlers } = useDrag()
  if (card.hidden) return null
  const ringing = card.phase === "ringing"
  const id = card.callId
  const replies = (
    <Menu>
      {(own?.length ? own : QUICK_REPLIES.map((key) => t(`calls.replies.${key}`))).map((text) => (
        <MenuItem key={text} text={text} onClick={() => onQuickReply(id, text)} data-testid="call-quick-reply-item" />
      ))}
      <MenuItem text={t("calls.customMessage")} onClick={() => onCustom(id, card.number)} />
    </Menu>
  )
  return (
    <Card
      className="mc-call-card"
      elevation={Elevation.THREE}
      data-testid="call-card"
      data-call-id={id}
      data-phase={card.phase}
      style={{ bottom: CARD_BASE_PX + slot * CARD_SPACING_PX, transform: `translate(${offset.x}px, ${offset.y}px)` }}
      {...handlers}
    >
      <div className="mc-call-meta">
        <h4>{card.name || t("calls.unknown")}</h4>
        <Clock actor={actor} ringing={ringing} />
      </div>
      <div className="mc-call-meta">
        <span dir="ltr">{card.number}</span>
        <span>{ringing ? t("calls.incoming") : card.phase === "connecting" ? t("calls.connecting") : ""}</span>
      </div>
      <div className="mc-call-actions">
        {ringing ? (
          <Button
            intent="success"
            icon="phone"
            text={t("calls.accept")}
            onClick={() => send({ type: "call.accept", callId: id })}
            data-testid="call-accept"
          />
        ) : null}
        {ringing ? (
          <Button
            intent="danger"
            text={t("calls.reject")}
            onClick={() => send({ type: "call.reject", callId: id })}
            data-testid="call-reject"
          />
        ) : null}
        {!ringing ? (
          <Button
            intent="danger"
            text={t("calls.end")}
            onClick={() => send({ type: "call.terminate", callId: id })}
            data-testid="call-end"
          />
        ) : null}
        {!ringing ? (
          <Button
            text={card.isMuted ? t("calls.unmute") : t("calls.mute")}
            onClick={() => send({ type: "call.mute", callId: id })}
            data-testid="call-mute"
          />
        ) : null}
        <Popover content={replies} placement="top">
          <Button text={t("calls.quickReply")} data-testid="call-quick-reply" />
        </Popover>
        <Button
          variant="minimal"
          icon="eye-off"
          title={t("calls.hide")}
          aria-label={t("calls.hide")}
          onClick={() => send({ type: "call.hide", callId: id })}
          data-testid="call-hide"
        />
      </div>
    </Card>
  )
})
CallCard.displayName = "CallCard"
