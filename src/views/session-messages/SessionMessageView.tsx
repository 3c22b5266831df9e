import { useTranslation } from "react-i18next"
import { Button, Callout, FormGroup, InputGroup, Spinner, Switch, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { sessionMessageMachine } from "../../machines/session-messages/session-message-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useSettingsFormView } from "../common/settings-form-view"
import "./session-messages.css"

type SessionActor = ActorRefFrom<typeof sessionMessageMachine>

export const SessionMessageView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<SessionActor>("session-message")
  return (
    <div className="mc-page" data-testid="session-message-page">
      <PageHeader title={t("sessionMessages.title")} subtitle={t("sessionMessages.subtitle")} />
      <div className="mc-card mc-session-card">{actor ? <SessionForm actor={actor} /> : <Spinner size={24} />}</div>
    </div>
  )
}

const SessionForm = ({ actor }: { actor: SessionActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const { draft, problem, failure, saving, gate } = useSettingsFormView(actor, {
    saved: "sessionMessages.saved",
    loadFailed: "sessionMessages.loadFailed",
    retry: "sessionMessages.retry",
    toastId: "session-saved",
    failedId: "session-load-failed",
  })
  if (gate) return gate
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: "EDIT", patch })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SAVE" })
      }}
    >
      <Switch
        checked={draft.enabled}
        label={t("sessionMessages.enabled")}
        onChange={(e) => edit({ enabled: e.currentTarget.checked })}
        data-testid="session-enabled"
      />
      <FormGroup label={t("sessionMessages.minutes")} labelFor="session-minutes" helperText={t("sessionMessages.minutesHelp")}>
        <InputGroup
          id="session-minutes"
          className="mc-num"
          inputMode="numeric"
          value={draft.minutes}
          onValueChange={(minutes) => edit({ minutes })}
          data-testid="session-minutes"
        />
      </FormGroup>
      <FormGroup label={t("sessionMessages.message")} labelFor="session-text">
        <TextArea
          id="session-text"
          fill
          rows={4}
          value={draft.message}
          onChange={(e) => edit({ message: e.currentTarget.value })}
          data-testid="session-text"
        />
      </FormGroup>
      {problem ? (
        <Callout intent="warning" data-testid="session-problem">
          {t(`sessionMessages.problems.${problem}`)}
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="session-failure">
          {t("sessionMessages.saveFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" loading={saving} text={t("sessionMessages.save")} data-testid="session-save" />
    </form>
  )
}
