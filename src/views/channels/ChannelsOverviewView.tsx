/**
 * /channels: every channel's state with a link to its page (page actor `channels-overview`); /channels/sms: the SMS
 * channel's accounts and sender names, with links to the sender-name screen and to sending.
 */
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { useSelector } from "@xstate/react"
import { Button, Callout, HTMLTable, Spinner, Tag, type Intent } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { ChannelRow, channelsOverviewMachine, OverviewChannel } from "../../machines/channels/channels-overview"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import "./channels.css"

type OverviewActor = ActorRefFrom<typeof channelsOverviewMachine>

const PAGE_OF: Record<OverviewChannel, string> = {
  whatsapp: "/channels/Whatsapp",
  facebook: "/channels/fb-page",
  instagram: "/channels/Instagram",
  sms: "/channels/sms",
  webchat: "/channels/webchat-btn",
}

const INTENT: Record<ChannelRow["state"], Intent> = {
  connected: "success",
  pending: "warning",
  failed: "danger",
  not_connected: "none",
  unknown: "warning",
}

const useOverview = () => {
  const actor = usePageActor<OverviewActor>("channels-overview")
  const rows = useSelector(actor ?? undefined, (s) => s?.context.rows ?? [])
  const loading = useSelector(actor ?? undefined, (s) => s?.hasTag("loading") ?? true)
  const failed = useSelector(actor ?? undefined, (s) => s?.hasTag("failed") ?? false)
  const failure = useSelector(actor ?? undefined, (s) => s?.context.failure ?? null)
  return { actor, rows, loading, failed, failure }
}

const StateTag = ({ row }: { row: ChannelRow }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const text =
    row.state === "unknown"
      ? t("channels.overview.unknown", { message: row.failure ? failureText(row.failure) : "" })
      : row.channel === "sms" && row.state === "pending"
        ? t("channels.overview.smsPending")
        : t(`channels.states.${row.state}`)
  return (
    <Tag intent={INTENT[row.state]} minimal={row.state !== "connected"} data-testid="channel-state" data-state={row.state}>
      {text}
    </Tag>
  )
}

const LoadFailed = ({ actor, failure }: { actor: OverviewActor; failure: ReturnType<typeof useOverview>["failure"] }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  return (
    <Callout intent="danger">
      {t("channels.overview.loadFailed", { message: failure ? failureText(failure) : "" })}{" "}
      <Button size="small" text={t("channels.overview.retry")} onClick={() => actor.send({ type: "RETRY" })} />
    </Callout>
  )
}

export const ChannelsOverviewView = () => {
  const { t } = useTranslation()
  const { actor, rows, loading, failed, failure } = useOverview()
  return (
    <div className="mc-page" data-testid="channels-overview">
      <PageHeader
        title={t("channels.overview.title")}
        subtitle={t("channels.overview.subtitle")}
        actions={
          <Button
            icon="refresh"
            text={t("channels.overview.refresh")}
            loading={loading}
            disabled={!actor}
            onClick={() => actor?.send({ type: "REFRESH" })}
            data-testid="channels-refresh"
          />
        }
      />
      {failed && actor ? <LoadFailed actor={actor} failure={failure} /> : null}
      {loading && rows.length === 0 ? <Spinner size={24} /> : null}
      <ul className="mc-channel-cards">
        {rows.map((row) => (
          <li key={row.channel} className="mc-card" data-testid="channel-card" data-channel={row.channel}>
            <div className="mc-channel-card-head">
              <strong>{t(`channels.overview.names.${row.channel}`)}</strong>
              <StateTag row={row} />
            </div>
            {row.name ? (
              <p dir="auto" data-testid="channel-name">
                {row.name}
              </p>
            ) : null}
            {row.error ? <p className="mc-channel-error">{row.error}</p> : null}
            {row.channel === "webchat" ? <p className="mc-channel-note">{t("channels.overview.webchat")}</p> : null}
            <Link to={PAGE_OF[row.channel]} data-testid="channel-open">
              {t("channels.overview.open")}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const ChannelSmsView = () => {
  const { t } = useTranslation()
  const { actor, rows, loading, failed, failure } = useOverview()
  const sms = useSelector(actor ?? undefined, (s) => s?.context.sms ?? null)
  const row = rows.find((r) => r.channel === "sms")
  return (
    <div className="mc-page" data-testid="channel-sms">
      <PageHeader
        title={t("channels.sms.title")}
        subtitle={t("channels.sms.subtitle")}
        actions={
          <>
            <Link className="bp6-button" to="/apps/company-details/sms-provider" data-testid="sms-open-providers">
              {t("channels.sms.openProviders")}
            </Link>
            <Link className="bp6-button bp6-intent-primary" to="/sms/send" data-testid="sms-open-send">
              {t("channels.sms.openSend")}
            </Link>
          </>
        }
      />
      {failed && actor ? <LoadFailed actor={actor} failure={failure} /> : null}
      {loading && !row ? <Spinner size={24} /> : null}
      {row ? (
        <p>
          <StateTag row={row} />
        </p>
      ) : null}
      {sms ? (
        <div className="mc-card mc-channel-sms">
          <h3>{t("channels.sms.accounts")}</h3>
          {sms.accounts.length === 0 ? (
            <p>{t("channels.sms.noAccounts")}</p>
          ) : (
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t("channels.sms.provider")}</th>
                  <th>{t("channels.sms.username")}</th>
                  <th>{t("channels.sms.status")}</th>
                </tr>
              </thead>
              <tbody>
                {sms.accounts.map((a) => (
                  <tr key={a.id} data-testid="sms-account">
                    <td>{a.provider_name}</td>
                    <td dir="ltr">{a.username}</td>
                    <td>{t(a.active ? "channels.sms.active" : "channels.sms.inactive")}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
          <h3>{t("channels.sms.masks")}</h3>
          {sms.masks.length === 0 ? (
            <p>{t("channels.sms.noMasks")}</p>
          ) : (
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t("channels.sms.mask")}</th>
                  <th>{t("channels.sms.provider")}</th>
                  <th>{t("channels.sms.status")}</th>
                </tr>
              </thead>
              <tbody>
                {sms.masks.map((m) => (
                  <tr key={m.id} data-testid="sms-mask">
                    <td dir="ltr">{m.mask}</td>
                    <td>{m.provider_name}</td>
                    <td>{t(`channels.sms.maskStatus.${m.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </div>
      ) : null}
    </div>
  )
}
