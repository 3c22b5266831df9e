/**
 * The agent voice-call layer, mounted once in the shell: floating incoming cards stacked 136 px apart, the
 * outgoing card, the hidden-calls dropdown, the custom-message modal and the call notices.
 */
import { useCallback, useEffect, useMemo, useState } from "react"
import { Button, Callout, Dialog, DialogBody, DialogFooter, Menu, MenuItem, PopoverNext, TextArea } from "@blueprintjs/core"
import { Icons, IconSize, type IconName } from "@blueprintjs/icons"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { callCenterMachine } from "../../machines/calls/call-center-machine"
import type { CallCenterEvent, OutgoingCallRef } from "../../machines/calls/call-center-setup"
import {
  CARD_BASE_PX,
  CARD_SPACING_PX,
  outgoingCardOf,
  selectCalls,
  selectCentreOn,
  selectHidden,
  selectNotice,
  selectOutgoing,
} from "../../machines/calls/call-selectors"
import { systemActor } from "../../machines/system-ids"
import { useRootActor } from "../common/actor-context"
import { CallCard, useDrag } from "./CallCard"
import { DialButton } from "./DialButton"
import "./calls.css"

type CentreRef = ActorRefFrom<typeof callCenterMachine>
type HiddenCall = ReturnType<typeof selectHidden>[number]
const sameHidden = (a: readonly HiddenCall[], b: readonly HiddenCall[]) =>
  a.length === b.length && a.every((call, i) => call.callId === b[i].callId)

const OutgoingCard = ({ actor, slot, send }: { actor: OutgoingCallRef; slot: number; send: (e: CallCenterEvent) => void }) => {
  const { t } = useTranslation()
  const card = useSelector(actor, outgoingCardOf)
  const { offset, handlers } = useDrag()
  return (
    <div
      className="mc-call-card bp6-card bp6-elevation-3"
      data-testid="outgoing-card"
      data-status={card.status}
      style={{ bottom: CARD_BASE_PX + slot * CARD_SPACING_PX, transform: `translate(${offset.x}px, ${offset.y}px)` }}
      {...handlers}
    >
      <div className="mc-call-meta">
        <h4>{card.name}</h4>
        <span data-testid="call-clock">{card.status === "CALLING" ? card.status : card.clock}</span>
      </div>
      <div className="mc-call-meta">
        <span dir="ltr">{card.number}</span>
        <span>
          {t("calls.outgoing")} · {card.status}
        </span>
      </div>
      <div className="mc-call-actions">
        <Button intent="danger" text={t("calls.end")} onClick={() => send({ type: "outgoing.terminate" })} data-testid="outgoing-end" />
        <Button text={card.isMuted ? t("calls.unmute") : t("calls.mute")} onClick={() => send({ type: "outgoing.mute" })} />
      </div>
    </div>
  )
}

/** The icons a card draws: fetched when the centre starts, so the first card does not wait for them. */
const CARD_ICONS: IconName[] = ["phone", "eye-off", "cross"]

/**
 * Warms what the first ringing call would otherwise pay for on its own path (bench:calls: the first card took
 * 120-150 ms, the rest 8-12 ms): Chromium's first AudioContext of a page costs ~130 ms of main thread (the audio
 * output starts up; later ones take 2-8 ms), and the ring tone makes one in the task that shows the first card.
 * So one is made and closed once, when the browser is idle after the centre starts, and the card icons are loaded.
 * Browser work with no business rule, hence here and not in a machine.
 */
const useWarmUp = () =>
  useEffect(() => {
    const idle = (run: () => void) =>
      typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200)
    let cancelled = false
    idle(() => {
      if (cancelled) return
      void Icons.load(CARD_ICONS, IconSize.STANDARD).catch(() => undefined)
      try {
        void new AudioContext().close().catch(() => undefined)
      } catch {
        // No Web Audio: the ring tone has nothing to warm either.
      }
    })
    return () => {
      cancelled = true
    }
  }, [])

const Centre = ({ centre }: { centre: CentreRef }) => {
  const { t } = useTranslation()
  useWarmUp()
  const calls = useSelector(centre, selectCalls)
  const hidden = useSelector(centre, selectHidden, sameHidden)
  const outgoing = useSelector(centre, selectOutgoing)
  const notice = useSelector(centre, selectNotice)
  const [custom, setCustom] = useState<{ callId: string; number: string; text: string } | null>(null)
  // Stable callbacks so the memoised cards skip re-rendering when another call arrives.
  const send = useCallback((event: CallCenterEvent) => centre.send(event), [centre])
  const onQuickReply = useCallback((callId: string, text: string) => centre.send({ type: "call.quickReply", callId, text }), [centre])
  const onCustom = useCallback((callId: string, number: string) => setCustom({ callId, number, text: "" }), [])
  // Toasts hide after 6 s (spec 000 section 9).
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => centre.send({ type: "notice.dismiss" }), 6000)
    return () => clearTimeout(timer)
  }, [notice, centre])
  const visible = useMemo(() => calls.filter((call) => !hidden.some((h) => h.callId === call.callId)), [calls, hidden])
  return (
    <>
      {visible.map((call, index) => (
        <CallCard
          key={call.callId}
          actor={call.ref}
          slot={index}
          replies={call.quickReplies}
          send={send}
          onQuickReply={onQuickReply}
          onCustom={onCustom}
        />
      ))}
      {outgoing ? <OutgoingCard actor={outgoing} slot={visible.length} send={send} /> : null}
      <div className="mc-call-toolbar">
        <DialButton onDial={(number) => send({ type: "outgoing.dial", number })} />
        {hidden.length > 0 ? (
          <PopoverNext
            placement="top-end"
            portalClassName="mc-call-portal"
            content={
              <Menu>
                {hidden.map((call) => (
                  <MenuItem
                    key={call.callId}
                    text={`${call.name} · ${call.number}`}
                    label={t("calls.restore")}
                    onClick={() => send({ type: "call.restore", callId: call.callId })}
                  />
                ))}
              </Menu>
            }
          >
            <Button icon="eye-off" text={t("calls.hiddenCalls", { count: hidden.length })} data-testid="hidden-calls" />
          </PopoverNext>
        ) : null}
      </div>
      {notice ? (
        <Callout
          className="mc-call-notice"
          intent={notice === "sent" ? "success" : notice === "anotherOutgoing" || notice === "anotherActive" ? "warning" : "danger"}
          data-testid="call-notice"
        >
          {t(`calls.notice.${notice}`)}{" "}
          <Button minimal small icon="cross" onClick={() => send({ type: "notice.dismiss" })} aria-label={t("calls.cancel")} />
        </Callout>
      ) : null}
      <Dialog isOpen={custom !== null} onClose={() => setCustom(null)} title={t("calls.customTitle", { number: custom?.number ?? "" })}>
        <DialogBody>
          <TextArea
            fill
            autoFocus
            value={custom?.text ?? ""}
            placeholder={t("calls.customPlaceholder")}
            onChange={(e) => custom && setCustom({ ...custom, text: e.target.value })}
            data-testid="custom-message"
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("calls.cancel")} onClick={() => setCustom(null)} />
              <Button
                intent="primary"
                text={t("calls.send")}
                disabled={!custom?.text.trim()}
                onClick={() => {
                  if (custom) send({ type: "call.quickReply", callId: custom.callId, text: custom.text.trim() })
                  setCustom(null)
                }}
              />
            </>
          }
        />
      </Dialog>
    </>
  )
}

/** Renders nothing unless the call centre runs (the user holds FRONT:/channels/whatsapp-call). */
export const CallCards = () => {
  const centre = systemActor(useRootActor().system, "callCenter")
  if (!centre) return null
  return <CallCardsOn centre={centre} />
}

const CallCardsOn = ({ centre }: { centre: CentreRef }) => (useSelector(centre, selectCentreOn) ? <Centre centre={centre} /> : null)
