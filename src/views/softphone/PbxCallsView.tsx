/**
 * /apps/pbxcalls: the PBX softphone. Opening the page has the root start the softphone actor (the user's own SIP
 * extension, registered through the server's Kamailio); leaving it stops the actor, which unregisters and closes the
 * user agent.
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, InputGroup, Intent, NonIdealState, Spinner, Tag } from "@blueprintjs/core"
import type { SoftphoneActor } from "../../machines/softphone/softphone-machine"
import {
  KEYPAD,
  buttonsFor,
  noticeKey,
  selectCallPhase,
  selectClock,
  selectExtension,
  selectNotice,
  selectRegistration,
  selectRemote,
  selectSetup,
} from "../../machines/softphone/softphone-selectors"
import { usePageActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { PbxCallList } from "./PbxCallList"
import { TrunkButton } from "./TrunkDialog"
import "./pbx.css"

const REGISTRATION_INTENT = {
  registered: Intent.SUCCESS,
  registering: Intent.WARNING,
  unregistered: Intent.DANGER,
} as const

const Softphone = ({ actor }: { actor: SoftphoneActor }) => {
  const { t } = useTranslation()
  const setup = useSelector(actor, selectSetup)
  const registration = useSelector(actor, selectRegistration)
  const phase = useSelector(actor, selectCallPhase)
  const remote = useSelector(actor, selectRemote) ?? ""
  const clock = useSelector(actor, selectClock)
  const extension = useSelector(actor, selectExtension)
  const notice = useSelector(actor, selectNotice)
  const [number, setNumber] = useState("")
  const buttons = buttonsFor(phase)

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
  const status = phase === "idle" ? t("pbx.idle") : phase === "connecting" ? t("pbx.connecting") : t(`pbx.${phase}`, { remote })
  const registrationLabel =
    registration === "registered" ? t("pbx.registered") : registration === "registering" ? t("pbx.registering") : t("pbx.notRegistered")

  return (
    <div className="mc-card mc-softphone" data-phase={phase} data-registration={registration}>
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
      </div>

      <div className={`mc-softphone-display mc-softphone-${phase}`}>
        <div className="mc-softphone-status" data-testid="softphone-status">
          {status}
        </div>
        <div className="mc-softphone-timer" dir="ltr" role="timer" aria-label={t("pbx.timer")} data-testid="softphone-timer">
          {clock}
        </div>
      </div>

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
            onValueChange={(value) => setNumber(value)}
            data-testid="softphone-number"
          />
        </FormGroup>
        {buttons.call ? (
          <fieldset className="mc-softphone-keypad" aria-label={t("pbx.keypad")} dir="ltr">
            {KEYPAD.map((key) => (
              <Button
                key={key}
                variant="outlined"
                text={key}
                onClick={() => setNumber((value) => value + key)}
                data-testid={`softphone-key-${key}`}
              />
            ))}
          </fieldset>
        ) : null}
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
              onClick={() => actor.send({ type: "REJECT" })}
              data-testid="softphone-reject"
            />
          ) : null}
          {buttons.end ? (
            <Button
              size="large"
              intent={Intent.DANGER}
              icon="phone"
              text={t("pbx.endCall")}
              onClick={() => actor.send({ type: "HANGUP" })}
              data-testid="softphone-end"
            />
          ) : null}
        </div>
      </form>
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
    </div>
  )
}

export const PbxCallsView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<SoftphoneActor>("softphone")
  return (
    <div className="mc-page" data-testid="pbx-calls">
      <PageHeader title={t("routes.pbxCalls")} subtitle={t("pbx.subtitle")} actions={<TrunkButton />} />
      {actor ? <Softphone actor={actor} /> : null}
      <PbxCallList />
    </div>
  )
}
