/** One floating, draggable incoming-call card; its actor decides, the card shows and sends. */
import { memo, type PointerEvent, useEffect, useRef, useState } from "react"
import { Button, type ButtonProps, Card, Elevation, Menu, MenuDivider, MenuItem, PopoverNext } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { CallCenterEvent, IncomingCallRef } from "../../machines/calls/call-center-setup"
import {
  CARD_BASE_PX,
  CARD_SPACING_PX,
  cardOf,
  selectCardSeconds,
  selectHeldSeconds,
  selectTransferTargets,
  type CardView,
} from "../../machines/calls/call-selectors"
import { formatClock } from "../../machines/common/clock"
import { LiveTag } from "../common/LiveTag"
import { isTypingTarget } from "../shell/typing"

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

/**
 * A card that starts ringing takes the keyboard focus (on its Accept button), unless the agent is typing: a reply
 * half-written keeps its caret; the assertive announcement has told them of the call either way.
 */
const useFocusWhenRinging = (ringing: boolean) => {
  const accept = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (ringing && !isTypingTarget(document.activeElement)) accept.current?.focus()
  }, [ringing])
  return accept
}

/** Every field but the ticking ones: the card re-renders on changes, not on every second. */
const sameCard = (a: CardView, b: CardView) =>
  a.callId === b.callId &&
  a.name === b.name &&
  a.number === b.number &&
  a.phase === b.phase &&
  a.isMuted === b.isMuted &&
  a.hidden === b.hidden &&
  a.transfer === b.transfer &&
  a.transferTo === b.transferTo &&
  a.transferredBy === b.transferredBy &&
  a.canTransfer === b.canTransfer &&
  a.canConsult === b.canConsult &&
  a.consult === b.consult &&
  a.consultBy === b.consultBy

/** The only part that changes each second: a number, so the selector is cheap and the comparison exact. */
const Clock = ({ actor, ringing }: { actor: IncomingCallRef; ringing: boolean }) => {
  const { t } = useTranslation()
  const seconds = useSelector(actor, selectCardSeconds)
  return (
    <LiveTag intent={ringing ? "warning" : "success"} data-testid="call-clock">
      {ringing ? t("calls.ringsFor", { seconds }) : formatClock(seconds)}
    </LiveTag>
  )
}

/** The hold's own clock, beside the call's: "On hold 00:12". */
const HeldClock = ({ actor }: { actor: IncomingCallRef }) => {
  const { t } = useTranslation()
  const seconds = useSelector(actor, selectHeldSeconds)
  if (seconds === null) return null
  return (
    <LiveTag intent="warning" data-testid="call-held-clock">
      {t("calls.onHold")} {formatClock(seconds)}
    </LiveTag>
  )
}

/**
 * Whom the call can go to, as the server said when the menu opened: agents who can take it, then the groups. `warm`:
 * the one who takes it talks with the agent first.
 */
const TransferMenu = ({ actor, send, warm }: { actor: IncomingCallRef; send: (event: CallCenterEvent) => void; warm: boolean }) => {
  const { t } = useTranslation()
  const targets = useSelector(actor, selectTransferTargets)
  const callId = actor.getSnapshot().context.callId
  if (!targets)
    return (
      <Menu>
        <MenuItem disabled text={t("calls.transfer.loading")} />
      </Menu>
    )
  const item = (kind: "agent" | "group") => (target: { id: number; name: string }) => (
    <MenuItem
      key={`${kind}-${target.id}`}
      text={target.name}
      icon={kind === "agent" ? "person" : "people"}
      onClick={() => send({ type: warm ? "call.consult" : "call.transfer", callId, to: { kind, id: target.id }, name: target.name })}
      data-testid={warm ? "call-consult-target" : "call-transfer-target"}
    />
  )
  return (
    <Menu>
      <MenuDivider title={t("calls.transfer.agents")} />
      {targets.agents.length ? targets.agents.map(item("agent")) : <MenuItem disabled text={t("calls.transfer.nobody")} />}
      {targets.groups.length ? <MenuDivider title={t("calls.transfer.groups")} /> : null}
      {targets.groups.map(item("group"))}
    </Menu>
  )
}

/** The consult's line on the card, when a warm transfer is under way. */
const consultLine = (card: CardView, t: (key: string, values?: Record<string, string>) => string) => {
  const name = card.transferTo ?? ""
  if (card.consult === "asking") return t("calls.consult.asking", { name })
  if (card.consult === "talking") return t("calls.consult.talking", { name })
  if (card.consult === "handingOver") return t("calls.consult.handingOver", { name })
  if (card.consult === "consultee") return t("calls.consult.talkingBefore", { name: card.consultBy ?? "" })
  if (card.consultBy) return t("calls.consult.asks", { name: card.consultBy, customer: card.name || card.number })
  return null
}

/** The transfer's line on the card: a warm transfer's, who sent it here, where it rings, or who did not take it. */
const transferLine = (card: CardView, t: (key: string, values?: Record<string, string>) => string) =>
  consultLine(card, t) ??
  (card.transfer === "transferring"
    ? t("calls.transfer.transferring", { name: card.transferTo ?? "" })
    : card.transfer === "returned"
      ? t("calls.transfer.returned", { name: card.transferTo ?? "" })
      : card.transferredBy
        ? t("calls.transfer.transferredBy", { name: card.transferredBy })
        : null)

/**
 * A card's control drawn as its icon alone, named by its label (read aloud, and shown on hover): a card is 380 px wide,
 * too narrow for every control's words in Turkish.
 */
const IconAction = ({ label, ...props }: Omit<ButtonProps, "size" | "text" | "title"> & { readonly label: string }) => (
  <Button {...props} size="small" aria-label={label} title={label} />
)

/** Transfer (blind) or talk first (warm): the menu of colleagues and groups, read again each time it opens. */
const TransferButton = ({
  actor,
  send,
  callId,
  warm,
}: {
  readonly actor: IncomingCallRef
  readonly send: (event: CallCenterEvent) => void
  readonly callId: string
  readonly warm: boolean
}) => {
  const { t } = useTranslation()
  return (
    <PopoverNext
      content={<TransferMenu actor={actor} send={send} warm={warm} />}
      placement="top"
      portalClassName="mc-call-portal"
      onOpening={() => send({ type: "call.transferTargets", callId })}
    >
      <IconAction
        icon={warm ? "people" : "exchange"}
        label={t(warm ? "calls.consult.open" : "calls.transfer.open")}
        data-testid={warm ? "call-consult" : "call-transfer"}
      />
    </PopoverNext>
  )
}

export interface CallCardProps {
  readonly actor: IncomingCallRef
  readonly slot: number
  readonly send: (event: CallCenterEvent) => void
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
  const ringing = card.phase === "ringing"
  const held = card.phase === "held"
  const talking = card.consult === "talking"
  const consultee = card.consult === "consultee"
  const accept = useFocusWhenRinging(ringing && !card.hidden)
  if (card.hidden) return null
  const id = card.callId
  const transferNote = transferLine(card, t)
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
      role="group"
      aria-label={`${card.name || t("calls.unknown")}, ${card.number}`}
      elevation={Elevation.THREE}
      data-testid="call-card"
      data-call-id={id}
      data-phase={card.phase}
      data-transfer={card.transfer ?? ""}
      data-consult={card.consult ?? ""}
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
        <HeldClock actor={actor} />
      </div>
      {transferNote ? (
        <div className="mc-call-note" title={transferNote} data-testid="call-transfer-note">
          {transferNote}
        </div>
      ) : null}
      <div className="mc-call-actions">
        {ringing ? (
          <Button
            size="small"
            ref={accept}
            intent="success"
            icon="phone"
            text={t("calls.accept")}
            onClick={() => send({ type: "call.accept", callId: id })}
            data-testid="call-accept"
          />
        ) : null}
        {ringing ? (
          <Button
            size="small"
            intent="danger"
            text={t("calls.reject")}
            onClick={() => send({ type: "call.reject", callId: id })}
            data-testid="call-reject"
          />
        ) : null}
        {!ringing ? (
          <Button
            size="small"
            intent="danger"
            text={consultee ? t("calls.consult.cancel") : t("calls.end")}
            onClick={() => send({ type: "call.terminate", callId: id })}
            data-testid="call-end"
          />
        ) : null}
        {talking ? (
          <Button
            size="small"
            intent="success"
            icon="exchange"
            text={t("calls.consult.complete")}
            onClick={() => send({ type: "call.completeConsult", callId: id })}
            data-testid="call-consult-complete"
          />
        ) : null}
        {talking ? (
          <Button
            size="small"
            text={t("calls.consult.cancel")}
            onClick={() => send({ type: "call.cancelConsult", callId: id })}
            data-testid="call-consult-cancel"
          />
        ) : null}
        {card.phase === "connected" && !consultee ? (
          <IconAction
            icon="pause"
            label={t("calls.hold")}
            onClick={() => send({ type: "call.hold", callId: id })}
            data-testid="call-hold"
          />
        ) : null}
        {held && !talking && card.consult !== "handingOver" ? (
          <Button
            size="small"
            intent="primary"
            icon="play"
            text={t("calls.resume")}
            onClick={() => send({ type: "call.resume", callId: id })}
            data-testid="call-resume"
          />
        ) : null}
        {card.canTransfer ? <TransferButton actor={actor} send={send} callId={id} warm={false} /> : null}
        {card.canConsult ? <TransferButton actor={actor} send={send} callId={id} warm /> : null}
        {(!ringing && !held) || talking ? (
          <Button
            size="small"
            text={card.isMuted ? t("calls.unmute") : t("calls.mute")}
            onClick={() => send({ type: "call.mute", callId: id })}
            data-testid="call-mute"
          />
        ) : null}
        <PopoverNext content={replies} placement="top">
          <IconAction icon="comment" label={t("calls.quickReply")} data-testid="call-quick-reply" />
        </PopoverNext>
        <IconAction
          variant="minimal"
          icon="eye-off"
          label={t("calls.hide")}
          onClick={() => send({ type: "call.hide", callId: id })}
          data-testid="call-hide"
        />
      </div>
    </Card>
  )
})
CallCard.displayName = "CallCard"
