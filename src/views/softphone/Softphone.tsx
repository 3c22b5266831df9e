/**
 * The softphone card of /apps/pbxcalls: registration, the call's state, the number field and keypad, and the call's
 * controls. By keyboard (softphone-keys.ts): Alt+N to the number, Enter calls, Alt+A answers, Alt+X rejects or ends,
 * Alt+M mutes, Alt+H holds and resumes, Alt+T opens the transfer dialog (TransferDialog.tsx; Warm transfer, on a held
 * call, opens it to name a colleague to consult, shown by ConsultLine.tsx), digits on a connected call are sent as
 * tones, `?` or F1 lists the keys. While consulting, Alt+M, the keypad and typed digits act on the consult (its own
 * Mute is on ConsultLine; the customer's stays as it was, disabled until the consult ends). A
 * control that goes away with the phase it belonged to (the number field, End) hands the focus to Mute once the call
 * connects, or back to the number field, but only when the focus went with it: a key pressed elsewhere keeps its place.
 */
import { useEffect, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, InputGroup, Intent, NonIdealState, Spinner, Tag } from "@blueprintjs/core"
import { isToneKey, type SoftphoneActor } from "../../machines/softphone/softphone-machine"
import {
  KEYPAD,
  buttonsFor,
  noticeKey,
  selectCallPhase,
  selectClock,
  selectConsult,
  selectExtension,
  selectHeld,
  selectMuted,
  selectNotice,
  selectRegistration,
  selectRemote,
  selectSetup,
  selectTones,
  selectTransferProblem,
  selectTransferStep,
  selectTransferTarget,
  type CallPhase,
} from "../../machines/softphone/softphone-selectors"
import { useShortcutsActor } from "../common/actor-context"
import { isTypingTarget } from "../shell/typing"
import { PhoneKeysDialog } from "./PhoneKeysDialog"
import { phoneKeyOf } from "./softphone-keys"
import { ConsultLine } from "./ConsultLine"
import { TransferDialog } from "./TransferDialog"
import { useFormat } from "../common/format"

/**
 * Where the focus goes in each phase when the control that held it went away (selectors inside the card). Never to
 * End or Reject: a held or repeated Enter would press them.
 */
const FOCUS_AFTER: Readonly<Record<CallPhase, string | null>> = {
  idle: "#softphone-number",
  calling: null,
  incoming: null,
  connecting: null,
  active: "[data-testid=softphone-mute]",
}

const REGISTRATION_INTENT = {
  registered: Intent.SUCCESS,
  registering: Intent.WARNING,
  unregistered: Intent.DANGER,
} as const

export const Softphone = ({ actor }: { actor: SoftphoneActor }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const setup = useSelector(actor, selectSetup)
  const registration = useSelector(actor, selectRegistration)
  const phase = useSelector(actor, selectCallPhase)
  const remote = useSelector(actor, selectRemote) ?? ""
  const clock = useSelector(actor, selectClock)
  const extension = useSelector(actor, selectExtension)
  const notice = useSelector(actor, selectNotice)
  const muted = useSelector(actor, selectMuted)
  const held = useSelector(actor, selectHeld)
  const tones = useSelector(actor, selectTones)
  const transferStep = useSelector(actor, selectTransferStep)
  const transferTarget = useSelector(actor, selectTransferTarget)
  const transferProblem = useSelector(actor, selectTransferProblem)
  const consult = useSelector(actor, selectConsult)
  const consulting = consult !== null
  const choices = useSelector(useShortcutsActor(), (s) => s.context)
  const [number, setNumber] = useState("")
  const [help, setHelp] = useState(false)
  const card = useRef<HTMLDivElement>(null)
  const buttons = buttonsFor(phase)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || help) return
      const typing = isTypingTarget(event.target)
      const action = phoneKeyOf(event, typing, choices)
      const plain = !event.altKey && !event.ctrlKey && !event.metaKey
      if (!action) {
        // A tone: on a connected call, from anywhere but another field.
        if (plain && !typing && buttons.tones && isToneKey(event.key)) {
          event.preventDefault()
          actor.send({ type: "DTMF", digit: event.key })
        }
        return
      }
      event.preventDefault()
      if (action === "help") setHelp(true)
      else if (action === "dial") card.current?.querySelector<HTMLInputElement>("#softphone-number:not(:disabled)")?.focus()
      else if (action === "answer" && buttons.answer) actor.send({ type: "ANSWER" })
      else if (action === "end" && (buttons.reject || buttons.end)) actor.send({ type: buttons.reject ? "REJECT" : "HANGUP" })
      else if (action === "mute" && buttons.mute) actor.send({ type: "MUTE" })
      else if (action === "hold" && buttons.hold) actor.send({ type: "HOLD" })
      else if (action === "transfer" && buttons.transfer) actor.send({ type: "TRANSFER_OPEN" })
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [actor, buttons.answer, buttons.end, buttons.hold, buttons.mute, buttons.reject, buttons.tones, buttons.transfer, choices, help])

  // The control that had the focus went away with the last phase (the page's body holds it now): the one that
  // takes its place gets it, a frame later, once the key that changed the phase is done.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement
      const lost =
        focused === null ||
        focused === document.body ||
        (card.current?.contains(focused) && (focused as HTMLInputElement).disabled === true) ||
        !focused.isConnected
      const next = FOCUS_AFTER[phase]
      if (lost && next) card.current?.querySelector<HTMLElement>(next)?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [phase])

  useEffect(() => {
    const subscription = actor.on("alert", (event) => {
      const key = {
        enterPhoneNumber: "pbx.enterPhoneNumber",
        notRegistered: "pbx.notRegisteredAlert",
        microphone: "pbx.microphone",
      }[event.key]
      window.alert(t(key))
    })
    return () => subscription.unsubscribe()
  }, [actor, t])

  if (setup === "loading")
    return (
      <div className="mc-card mc-softphone-state">
        <Spinner size={28} />
        <p>{t("pbx.loading")}</p>
      </div>
    )
  if (setup === "unavailable") {
    return (
      <div className="mc-card mc-softphone-state">
        <NonIdealState icon="offline" title={t("pbx.unavailableTitle")} description={t("pbx.unavailableBody")} />
      </div>
    )
  }
  if (setup === "failed") {
    return (
      <div className="mc-card mc-softphone-state">
        <NonIdealState
          icon="error"
          title={t("pbx.failedTitle")}
          description={t("pbx.failedBody")}
          action={<Button text={t("pbx.retry")} onClick={() => actor.send({ type: "RETRY" })} />}
        />
      </div>
    )
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: "DIAL", number })
  }
  const status =
    phase === "idle"
      ? t("pbx.idle")
      : phase === "connecting"
        ? t("pbx.connecting")
        : phase === "active" && transferStep === "transferring"
          ? t("pbx.transferring", { remote, target: transferTarget })
          : phase === "active" && held
            ? t("pbx.held", { remote })
            : t(`pbx.${phase}`, { remote })
  const registrationLabel =
    registration === "registered" ? t("pbx.registered") : registration === "registering" ? t("pbx.registering") : t("pbx.notRegistered")

  return (
    <div ref={card} className="mc-card mc-softphone" data-phase={phase} data-registration={registration}>
      <div className="mc-softphone-top">
        <Tag
          large
          round
          minimal
          intent={REGISTRATION_INTENT[registration]}
          icon={registration === "registered" ? "tick" : registration === "registering" ? "time" : "offline"}
          data-testid="softphone-registration"
        >
          {registrationLabel}
        </Tag>
        {extension ? (
          <span className="mc-softphone-extension" data-testid="softphone-extension">
            {t("pbx.extension", { extension })}
          </span>
        ) : null}
        <Button
          variant="minimal"
          icon="key"
          className="mc-softphone-keys"
          text={t("pbx.keys.open")}
          aria-keyshortcuts={choices.singleKeys ? `${choices.helpKey} F1` : "F1"}
          onClick={() => setHelp(true)}
          data-testid="softphone-keys-open"
        />
      </div>

      <div className={`mc-softphone-display mc-softphone-${phase}`}>
        <div className="mc-softphone-status" data-testid="softphone-status">
          {status}
        </div>
        <div className="mc-softphone-timer" dir="ltr" role="timer" aria-label={t("pbx.timer")} data-testid="softphone-timer">
          {clock}
        </div>
        {tones ? (
          <div className="mc-softphone-tones" data-testid="softphone-tones">
            {t("pbx.tonesSent", { tones: format.phone(tones) })}
          </div>
        ) : null}
      </div>
      <ConsultLine actor={actor} />

      <form className="mc-softphone-form" onSubmit={onSubmit}>
        <FormGroup label={t("pbx.numberLabel")} labelFor="softphone-number">
          <InputGroup
            id="softphone-number"
            large
            inputMode="tel"
            autoComplete="off"
            placeholder={t("pbx.numberPlaceholder")}
            value={number}
            disabled={!buttons.call}
            aria-keyshortcuts="Alt+N"
            onValueChange={(value) => setNumber(value)}
            data-testid="softphone-number"
          />
        </FormGroup>
        <div className="mc-softphone-actions">
          {buttons.call ? (
            <Button type="submit" size="large" intent={Intent.SUCCESS} icon="phone" text={t("pbx.call")} data-testid="softphone-call" />
          ) : null}
          {buttons.answer ? (
            <Button
              size="large"
              intent={Intent.SUCCESS}
              icon="phone-call"
              text={t("pbx.answer")}
              aria-keyshortcuts="Alt+A"
              onClick={() => actor.send({ type: "ANSWER" })}
              data-testid="softphone-answer"
            />
          ) : null}
          {buttons.reject ? (
            <Button
              size="large"
              intent={Intent.DANGER}
              icon="cross"
              text={t("pbx.reject")}
              aria-keyshortcuts="Alt+X"
              onClick={() => actor.send({ type: "REJECT" })}
              data-testid="softphone-reject"
            />
          ) : null}
          {buttons.mute ? (
            <Button
              size="large"
              icon={muted ? "volume-off" : "volume-up"}
              active={muted}
              aria-pressed={muted}
              aria-keyshortcuts="Alt+M"
              aria-label={t("pbx.muteCall", { remote })}
              text={t("pbx.mute")}
              disabled={consulting}
              onClick={() => actor.send({ type: "MUTE" })}
              data-testid="softphone-mute"
            />
          ) : null}
          {buttons.hold ? (
            <Button
              size="large"
              icon={held ? "play" : "pause"}
              active={held}
              aria-pressed={held}
              aria-keyshortcuts="Alt+H"
              text={t("pbx.hold")}
              disabled={consulting}
              onClick={() => actor.send({ type: "HOLD" })}
              data-testid="softphone-hold"
            />
          ) : null}
          {buttons.transfer ? (
            <Button
              size="large"
              icon="exchange"
              aria-keyshortcuts="Alt+T"
              text={t("pbx.transfer")}
              disabled={transferStep === "transferring" || consulting}
              onClick={() => actor.send({ type: "TRANSFER_OPEN" })}
              data-testid="softphone-transfer"
            />
          ) : null}
          {buttons.transfer && held && !consulting ? (
            <Button
              size="large"
              icon="people"
              text={t("pbx.warmTransfer")}
              disabled={transferStep === "transferring"}
              onClick={() => actor.send({ type: "WARM_OPEN" })}
              data-testid="softphone-warm-transfer"
            />
          ) : null}
          {buttons.end ? (
            <Button
              size="large"
              intent={Intent.DANGER}
              icon="phone"
              text={t("pbx.endCall")}
              aria-keyshortcuts="Alt+X"
              onClick={() => actor.send({ type: "HANGUP" })}
              data-testid="softphone-end"
            />
          ) : null}
        </div>
        {buttons.call || buttons.tones ? (
          // Before a call the keys write the number; on a connected call they send tones, to the colleague while consulting.
          <fieldset
            className="mc-softphone-keypad"
            aria-label={buttons.tones ? t("pbx.tonesPad", { party: consult?.name ?? remote }) : t("pbx.keypad")}
            dir="ltr"
          >
            {KEYPAD.map((key) => (
              <Button
                key={key}
                variant="outlined"
                text={key}
                disabled={consult !== null && !consult.keypad}
                onClick={() => (buttons.tones ? actor.send({ type: "DTMF", digit: key }) : setNumber((value) => value + key))}
                data-testid={`softphone-key-${key}`}
              />
            ))}
          </fieldset>
        ) : null}
      </form>
      {transferProblem ? (
        <Callout intent={Intent.WARNING} compact icon="warning-sign" data-testid="softphone-transfer-problem">
          {transferProblem.map((line) => t(line.key, line.values)).join(" ")}
        </Callout>
      ) : null}
      {notice ? (
        <Callout intent={Intent.PRIMARY} compact icon="info-sign" data-testid="softphone-notice">
          {t(noticeKey(notice.kind), { remote: notice.remote })}
        </Callout>
      ) : null}
      {registration === "unregistered" ? (
        <Callout intent={Intent.WARNING} compact>
          {t("pbx.notRegisteredAlert")}
        </Callout>
      ) : null}
      <TransferDialog actor={actor} />
      <PhoneKeysDialog isOpen={help} onClose={() => setHelp(false)} choices={choices} />
    </div>
  )
}
