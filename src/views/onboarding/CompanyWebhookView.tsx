import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, InputGroup, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { companyWebhookMachine } from "../../machines/onboarding/company-webhook"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useSettingsFormView } from "../common/settings-form-view"
import "./onboarding.css"

type WebhookActor = ActorRefFrom<typeof companyWebhookMachine>

export const CompanyWebhookView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<WebhookActor>("company-webhook")
  return (
    <div className="mc-page" data-testid="company-webhook-page">
      <PageHeader title={t("onboarding.webhook.title")} subtitle={t("onboarding.webhook.subtitle")} />
      <div className="mc-card mc-company-card">{actor ? <WebhookForm actor={actor} /> : <Spinner size={24} />}</div>
    </div>
  )
}

const WebhookForm = ({ actor }: { actor: WebhookActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const { draft, problem, failure, saving, gate } = useSettingsFormView(actor, {
    saved: "onboarding.webhook.saved",
    loadFailed: "onboarding.webhook.loadFailed",
    retry: "onboarding.webhook.retry",
    toastId: "webhook-saved",
  })
  const stored = useSelector(actor, (s) => s.context.stored)
  if (gate) return gate
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: "EDIT", patch })
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SAVE" })
      }}
    >
      <p data-testid="company-webhook-current">
        {stored
          ? t("onboarding.webhook.current", { url: stored.url, hint: stored.verify_token, when: formatDateTime(stored.updated_at) })
          : t("onboarding.webhook.none")}
      </p>
      <FormGroup label={t("onboarding.webhook.url")} labelFor="company-webhook-url">
        <InputGroup
          id="company-webhook-url"
          dir="ltr"
          value={draft.url}
          onValueChange={(url) => edit({ url })}
          data-testid="company-webhook-url"
        />
      </FormGroup>
      <FormGroup label={t("onboarding.webhook.token")} labelFor="company-webhook-token" helperText={t("onboarding.webhook.tokenHelp")}>
        <InputGroup
          id="company-webhook-token"
          dir="ltr"
          type="password"
          autoComplete="off"
          value={draft.verify_token}
          onValueChange={(verify_token) => edit({ verify_token })}
          data-testid="company-webhook-token"
        />
      </FormGroup>
      {problem ? (
        <Callout intent="warning" data-testid="company-webhook-problem">
          {t(`onboarding.webhook.problems.${problem}`)}
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="company-webhook-failure">
          {t("onboarding.webhook.failed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" loading={saving} text={t("onboarding.webhook.save")} data-testid="company-webhook-save" />
    </form>
  )
}
