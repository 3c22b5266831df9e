/**
 * The company sub-page custom_api (page actor `company-api-key`): the API key's hint, "Make a new key" (the new key
 * shown once, with Copy) and "Revoke the key", each confirmed.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Alert, Button, Callout, InputGroup, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { companyApiKeyMachine } from "../../machines/onboarding/company-api-key"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { toast } from "../common/toast"
import "./onboarding.css"

type KeyActor = ActorRefFrom<typeof companyApiKeyMachine>

export const CompanyApiKeyView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<KeyActor>("company-api-key")
  return (
    <div className="mc-page" data-testid="company-api-key-page">
      <PageHeader title={t("onboarding.apiKey.title")} subtitle={t("onboarding.apiKey.subtitle")} />
      <div className="mc-card mc-company-card">{actor ? <ApiKey actor={actor} /> : <Spinner size={24} />}</div>
    </div>
  )
}

const ApiKey = ({ actor }: { actor: KeyActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const key = useSelector(actor, (s) => s.context.key)
  const asking = useSelector(actor, (s) => s.context.asking)
  const newKey = useSelector(actor, (s) => s.context.newKey)
  const failure = useSelector(actor, (s) => s.context.failure)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const working = useSelector(actor, (s) => s.hasTag("working"))
  if (loading) return <Spinner size={24} />
  if (failed)
    return (
      <Callout intent="danger">
        {t("onboarding.apiKey.loadFailed", { message: failure ? failureText(failure) : "" })}{" "}
        <Button size="small" text={t("onboarding.apiKey.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  const copy = async () => {
    try {
      if (newKey) await navigator.clipboard.writeText(newKey)
    } catch {
      // Clipboard refused: the key stays selectable on screen.
    }
    void toast(t("onboarding.apiKey.copied"), "success", "api-key-copied")
  }
  return (
    <>
      <p data-testid="api-key-state" data-active={key?.active ? "true" : "false"}>
        <bdi>
          {key?.active
            ? key.created_at
              ? t("onboarding.apiKey.activeSince", { hint: key.hint, when: formatDateTime(key.created_at) })
              : t("onboarding.apiKey.active", { hint: key.hint })
            : t("onboarding.apiKey.none")}
        </bdi>
      </p>
      {newKey ? (
        <Callout intent="success" data-testid="api-key-new">
          <p>{t("onboarding.apiKey.newKey")}</p>
          <InputGroup
            dir="ltr"
            readOnly
            value={newKey}
            data-testid="api-key-value"
            onFocus={(e) => e.currentTarget.select()}
            rightElement={<Button variant="minimal" icon="duplicate" text={t("onboarding.apiKey.copy")} onClick={() => void copy()} />}
          />
          <Button className="mc-space-top" text={t("onboarding.apiKey.done")} onClick={() => actor.send({ type: "DISMISS" })} />
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="api-key-failure">
          {t("onboarding.apiKey.failed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <div className="mc-company-actions">
        <Button
          intent="primary"
          icon="refresh"
          text={t("onboarding.apiKey.rotate")}
          onClick={() => actor.send({ type: "ASK", action: "rotate" })}
          data-testid="api-key-rotate"
        />
        {key?.active ? (
          <Button
            intent="danger"
            icon="disable"
            text={t("onboarding.apiKey.revoke")}
            onClick={() => actor.send({ type: "ASK", action: "revoke" })}
            data-testid="api-key-revoke"
          />
        ) : null}
      </div>
      <Alert
        isOpen={confirming}
        intent={asking === "revoke" ? "danger" : "primary"}
        loading={working}
        confirmButtonText={t(asking === "revoke" ? "onboarding.apiKey.revoke" : "onboarding.apiKey.rotate")}
        cancelButtonText={t("onboarding.apiKey.cancel")}
        onConfirm={() => actor.send({ type: "CONFIRM" })}
        onCancel={() => actor.send({ type: "CANCEL" })}
      >
        <p data-testid="api-key-confirm">
          {t(asking === "revoke" ? "onboarding.apiKey.revokeConfirm" : "onboarding.apiKey.rotateConfirm")}
        </p>
      </Alert>
    </>
  )
}
