/** /apps/opt: the OTP login's settings (page actor `otp-settings`): on/off, a code's lifetime, wrong tries, the resend wait. */
import { Button, Callout, Card, FormGroup, InputGroup, Switch } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { FormEvent } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { otpSettingsMachine, SettingsDraft } from "../../machines/otp/otp-settings-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import "./otp.css"

type SettingsActor = ActorRefFrom<typeof otpSettingsMachine>

export const OtpSettingsView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<SettingsActor>("otp-settings")
  return (
    <div className="mc-page" data-testid="otp-settings-page">
      <PageHeader title={t("otp.settings.title")} subtitle={t("otp.settings.subtitle")} />
      {actor ? <SettingsForm actor={actor} /> : null}
    </div>
  )
}

const SettingsForm = ({ actor }: { actor: SettingsActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { draft, problem, failure, saved } = state.context
  const change = (patch: Partial<SettingsDraft>) => actor.send({ type: "CHANGE", patch })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: "SAVE" })
  }
  if (state.matches("failed"))
    return (
      <Callout intent="danger">
        {failure ? failureText(failure) : null} <Button text={t("errors.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  const number = (key: "ttl" | "tries" | "cooldown", label: string) => (
    <FormGroup
      label={label}
      labelFor={`otp-settings-${key}`}
      intent={problem === key ? "danger" : "none"}
      helperText={problem === key ? t(`otp.settings.problems.${key}`) : undefined}
    >
      <InputGroup
        id={`otp-settings-${key}`}
        dir="ltr"
        inputMode="numeric"
        value={draft[key]}
        intent={problem === key ? "danger" : "none"}
        onValueChange={(value) => change({ [key]: value })}
        data-testid={`otp-settings-${key}`}
      />
    </FormGroup>
  )
  const busy = !state.matches("ready")
  return (
    <Card className="mc-otp-settings">
      <form onSubmit={submit} noValidate data-testid="otp-settings-form">
        {failure ? (
          <Callout intent="danger" data-testid="otp-settings-failure">
            {failureText(failure)}
          </Callout>
        ) : null}
        {saved > 0 && !failure && state.matches("ready") ? (
          <Callout intent="success" data-testid="otp-settings-saved">
            {t("otp.settings.saved")}
          </Callout>
        ) : null}
        <Switch
          checked={draft.enabled}
          label={t("otp.settings.enabled")}
          onChange={(e) => change({ enabled: e.currentTarget.checked })}
          data-testid="otp-settings-enabled"
        />
        {number("ttl", t("otp.settings.ttl"))}
        {number("tries", t("otp.settings.tries"))}
        {number("cooldown", t("otp.settings.cooldown"))}
        <Button type="submit" intent="primary" loading={busy} text={t("otp.settings.save")} data-testid="otp-settings-save" />
      </form>
    </Card>
  )
}
