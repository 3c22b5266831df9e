/**
 * /channels and /channels/Whatsapp: the tenant's WhatsApp Cloud API connection over the `whatsapp-channel` page actor.
 * The state (connected, not connected, failing with Meta's reason), the form (ids, token and app secret, which are
 * never shown again: a hint stands for the token), the webhook URL and verify token to paste in Meta's console, and
 * "Test connection", which asks Meta again through the status call.
 */
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, Intent, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { WhatsappDraft, WhatsappField, whatsappChannelMachine } from "../../machines/channels/whatsapp-channel-machine"
import { WHATSAPP_FIELDS } from "../../machines/channels/whatsapp-channel-machine"
import { usePageActor } from "../common/actor-context"
import { ChannelStateCard, CredentialField, WebhookCard } from "./ChannelCards"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { toast } from "../common/toast"

type WhatsappActor = ActorRefFrom<typeof whatsappChannelMachine>

const STATE_INTENT = { connected: Intent.SUCCESS, failed: Intent.DANGER, pending: Intent.WARNING, not_connected: Intent.NONE } as const

export const WhatsappChannelView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<WhatsappActor>("whatsapp-channel")
  return (
    <div className="mc-page" data-testid="whatsapp-channel-page">
      <PageHeader title={t("channels.whatsapp.title")} subtitle={t("channels.whatsapp.subtitle")} />
      {actor ? <WhatsappChannel actor={actor} /> : <Spinner size={24} />}
    </div>
  )
}

const WhatsappChannel = ({ actor }: { actor: WhatsappActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const account = useSelector(actor, (s) => s.context.stored)
  const draft = useSelector(actor, (s) => s.context.draft)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const saved = useSelector(actor, (s) => s.context.saved)
  const seen = useRef(saved)
  useEffect(() => {
    if (saved > seen.current) void toast(t("channels.whatsapp.saved"), "success", "whatsapp-saved")
    seen.current = saved
  }, [saved, t])

  if (failed && !account)
    return (
      <Callout intent="danger" data-testid="whatsapp-load-failed">
        {failure ? failureText(failure) : ""}{" "}
        <Button size="small" text={t("channels.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  if (!account) return <Spinner size={24} />

  const edit = (patch: Partial<WhatsappDraft>) => actor.send({ type: "EDIT", patch })
  const bad = problem?.field ?? (failure?.field as WhatsappField | undefined)
  const intentOf = (field: WhatsappField) => (bad === field ? Intent.DANGER : Intent.NONE)
  const label = (field: WhatsappField) => t(`channels.whatsapp.fields.${field}`)
  const secret = (field: WhatsappField) => field === "access_token" || field === "app_secret"
  const help = (field: WhatsappField) =>
    field === "access_token" && account.secret_hint
      ? t("channels.whatsapp.storedToken", { hint: account.secret_hint })
      : t(`channels.whatsapp.help.${field}`)

  return (
    <div className="mc-channel" style={{ display: "grid", gap: 16, maxWidth: 760 }}>
      <ChannelStateCard prefix="whatsapp" state={account.status} intent={STATE_INTENT[account.status]}>
        {account.display_name ? <p data-testid="whatsapp-name">{account.display_name}</p> : null}
        {account.external_id ? (
          <p className="bp6-text-muted">
            {label("phone_number_id")}: <bdi>{account.external_id}</bdi>
          </p>
        ) : null}
        {account.error ? (
          <Callout intent="danger" data-testid="whatsapp-error">
            {account.error}
          </Callout>
        ) : null}
        <Button
          icon="refresh"
          text={t("channels.whatsapp.test")}
          loading={loading}
          disabled={!account.id}
          onClick={() => actor.send({ type: "TEST" })}
          data-testid="whatsapp-test"
        />
      </ChannelStateCard>

      {account.webhook_url ? (
        <WebhookCard
          prefix="whatsapp"
          help={t("channels.whatsapp.webhookHelp")}
          url={account.webhook_url}
          verifyToken={account.verify_token}
        />
      ) : null}

      <Card data-testid="whatsapp-form">
        <h3 style={{ marginTop: 0 }}>{account.id ? t("channels.whatsapp.reconnect") : t("channels.whatsapp.connect")}</h3>
        {WHATSAPP_FIELDS.map((field) => (
          <CredentialField
            key={field}
            prefix="whatsapp"
            field={field}
            label={label(field)}
            help={help(field)}
            intent={intentOf(field)}
            secret={secret(field)}
            value={draft[field]}
            onChange={(value) => edit({ [field]: value })}
          />
        ))}
        {problem ? (
          <Callout intent="warning" data-testid="whatsapp-problem">
            {t(`channels.problems.${problem.rule}`, { field: label(problem.field) })}
          </Callout>
        ) : null}
        {failure && !problem ? (
          <Callout intent="danger" data-testid="whatsapp-failure">
            {failureText(failure)}
          </Callout>
        ) : null}
        <Button
          intent="primary"
          icon="link"
          text={t("channels.whatsapp.save")}
          loading={saving}
          onClick={() => actor.send({ type: "SAVE" })}
          data-testid="whatsapp-save"
        />
      </Card>
    </div>
  )
}
