/**
 * /channels/fb-page (Facebook; /channels/fb and /channels/fbchannels lead there) and /channels/Instagram over the
 * `meta-pages` page actor: the login's state (Meta's reason when failing), the connect form (login token and app secret, never shown
 * again), the webhook URL and verify token once connected, and the pages or Instagram accounts with their subscription.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, HTMLTable, Intent, Spinner, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { SocialPage } from "../../contract/schemas/tenants"
import { META_FIELDS, type MetaChannel, type MetaField, type metaPagesMachine } from "../../machines/channels/meta-pages-machine"
import { usePageActor } from "../common/actor-context"
import { ChannelStateCard, CredentialField, WebhookCard } from "./ChannelCards"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"

type MetaActor = ActorRefFrom<typeof metaPagesMachine>

const MetaPagesView = ({ channel }: { channel: MetaChannel }) => {
  const { t } = useTranslation()
  const actor = usePageActor<MetaActor>("meta-pages", { channel })
  return (
    <div className="mc-page" data-testid={`${channel}-channel-page`}>
      <PageHeader title={t(`channels.meta.${channel}.title`)} subtitle={t(`channels.meta.${channel}.subtitle`)} />
      {actor ? <MetaPages actor={actor} channel={channel} /> : <Spinner size={24} />}
    </div>
  )
}

export const FacebookPagesView = () => <MetaPagesView channel="facebook" />
export const InstagramPagesView = () => <MetaPagesView channel="instagram" />

const MetaPages = ({ actor, channel }: { actor: MetaActor; channel: MetaChannel }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const pages = useSelector(actor, (s) => s.context.pages)
  const login = useSelector(actor, (s) => s.context.login)
  const draft = useSelector(actor, (s) => s.context.draft)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => s.context.busy)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const connecting = useSelector(actor, (s) => s.hasTag("connecting"))

  if (loading && pages === null && !failure) return <Spinner size={24} />
  const label = (field: MetaField) => t(`channels.meta.fields.${field}`)
  const bad = problem?.field ?? (failure?.field as MetaField | undefined)
  const intentOf = (field: MetaField) => (bad === field ? Intent.DANGER : Intent.NONE)
  const state = failed ? "failed" : pages === null ? "not_connected" : login?.status === "failed" ? "failed" : "connected"
  const stateIntent = { connected: Intent.SUCCESS, failed: Intent.DANGER, not_connected: Intent.NONE }[state]

  return (
    <div className="mc-channel" style={{ display: "grid", gap: 16, maxWidth: 760 }}>
      <ChannelStateCard prefix="meta" state={state} intent={stateIntent}>
        {login?.display_name ? <p data-testid="meta-login-name">{t("channels.meta.loggedInAs", { name: login.display_name })}</p> : null}
        {channel === "instagram" && login?.connection ? (
          <p data-testid="meta-connection" data-connection={login.connection}>
            {t(`channels.meta.instagram.connection.${login.connection}`)}
          </p>
        ) : null}
        {login?.error && !failed ? (
          <Callout intent="danger" data-testid="meta-error">
            {login.error}
          </Callout>
        ) : null}
        {failed && failure ? (
          <Callout intent="danger" data-testid="meta-error">
            {failureText(failure)}
          </Callout>
        ) : null}
        <Button
          icon="refresh"
          text={t("channels.whatsapp.test")}
          loading={loading}
          onClick={() => actor.send({ type: failed ? "RETRY" : "RELOAD" })}
          data-testid="meta-test"
        />
      </ChannelStateCard>

      {login?.webhook_url ? (
        <WebhookCard
          prefix="meta"
          help={t(`channels.meta.${channel}.webhookHelp`)}
          url={login.webhook_url}
          verifyToken={login.verify_token}
        />
      ) : null}

      {pages !== null ? (
        <Card data-testid="meta-pages">
          <h3 style={{ marginTop: 0 }}>{t(`channels.meta.${channel}.pages`)}</h3>
          {pages.length === 0 ? (
            <p className="bp6-text-muted" data-testid="meta-pages-empty">
              {t(`channels.meta.${channel}.noPages`)}
            </p>
          ) : (
            <HTMLTable compact striped style={{ width: "100%" }}>
              <tbody>
                {pages.map((page) => (
                  <PageRow key={page.id} page={page} busy={busy === page.id} disabled={busy !== null || loading} actor={actor} />
                ))}
              </tbody>
            </HTMLTable>
          )}
          {failure && !failed && !problem ? (
            <Callout intent="danger" data-testid="meta-failure">
              {failureText(failure)}
            </Callout>
          ) : null}
        </Card>
      ) : null}

      <Card data-testid="meta-form">
        <h3 style={{ marginTop: 0 }}>{pages === null ? t(`channels.meta.${channel}.connect`) : t(`channels.meta.${channel}.reconnect`)}</h3>
        {META_FIELDS.map((field) => (
          <CredentialField
            key={field}
            prefix="meta"
            field={field}
            label={label(field)}
            help={t(`channels.meta.help.${field}`)}
            intent={intentOf(field)}
            secret
            value={draft[field]}
            onChange={(value) => actor.send({ type: "EDIT", patch: { [field]: value } })}
          />
        ))}
        {problem ? (
          <Callout intent="warning" data-testid="meta-problem">
            {t(`channels.meta.problems.${problem.rule}`, { field: label(problem.field) })}
          </Callout>
        ) : null}
        {failure && !failed && !problem && pages === null ? (
          <Callout intent="danger" data-testid="meta-connect-failure">
            {failureText(failure)}
          </Callout>
        ) : null}
        <Button
          intent="primary"
          icon="link"
          text={t("channels.meta.save")}
          loading={connecting}
          onClick={() => actor.send({ type: "CONNECT" })}
          data-testid="meta-connect"
        />
      </Card>
    </div>
  )
}

const PageRow = ({ page, busy, disabled, actor }: { page: SocialPage; busy: boolean; disabled: boolean; actor: MetaActor }) => {
  const { t } = useTranslation()
  return (
    <tr data-testid="meta-page" data-page-id={page.id} data-subscribed={page.subscribed}>
      <td>
        <bdi>{page.name}</bdi>
        <div className="bp6-text-muted bp6-text-small" dir="ltr">
          {page.id}
        </div>
      </td>
      <td>
        <Tag intent={page.subscribed ? Intent.SUCCESS : Intent.NONE} minimal>
          {page.subscribed ? t("channels.meta.subscribed") : t("channels.meta.notSubscribed")}
        </Tag>
      </td>
      <td style={{ textAlign: "end" }}>
        <Button
          size="small"
          intent={page.subscribed ? Intent.NONE : Intent.PRIMARY}
          text={page.subscribed ? t("channels.meta.unsubscribe") : t("channels.meta.subscribe")}
          loading={busy}
          disabled={disabled && !busy}
          onClick={() => actor.send({ type: page.subscribed ? "UNSUBSCRIBE" : "SUBSCRIBE", page })}
          data-testid="meta-page-toggle"
        />
      </td>
    </tr>
  )
}
