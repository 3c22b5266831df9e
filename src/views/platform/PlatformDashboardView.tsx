/**
 * The super admin's platform dashboard (/platform, page actor `platform-dashboard`): the businesses and their
 * activity, the lowest balances, what awaits review (with links to where it is reviewed) and the server's health.
 * The machine holds the read and its refresh (machines/platform/platform-dashboard.ts).
 */
import { Button, Callout, HTMLTable, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { ActorRefFrom } from "xstate"
import type { PlatformOverview } from "../../contract/groups/platform"
import type { platformDashboardMachine } from "../../machines/platform/platform-dashboard"
import { formatDateTime } from "../../machines/report-kit/format"
import { useMoney } from "../billing/ledger-parts"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useCount } from "../common/use-count"
import { Box, useDuration } from "../dashboard/DashboardParts"
import "../dashboard/dashboard.css"
import "./platform.css"

type DashboardActor = ActorRefFrom<typeof platformDashboardMachine>

/** Where the super admin reviews registrations and approves sender names. */
export const REGISTRATIONS_PATH = "/apps/company-forms"
export const MASKS_PATH = "/apps/company-details/sms-provider"
export const BUSINESSES_PATH = "/apps/company-profile"

export const PlatformDashboardView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<DashboardActor>("platform-dashboard")
  return (
    <div className="mc-page" data-testid="platform-page">
      <PageHeader title={t("platform.title")} subtitle={t("platform.subtitle")} actions={actor ? <Refresh actor={actor} /> : null} />
      {actor ? <Overview actor={actor} /> : null}
    </div>
  )
}

const Refresh = ({ actor }: { actor: DashboardActor }) => {
  const { t } = useTranslation()
  const busy = useSelector(actor, (s) => !s.matches("ready"))
  return (
    <Button
      icon="refresh"
      text={t("platform.refresh")}
      loading={busy}
      onClick={() => actor.send({ type: "REFRESH" })}
      data-testid="platform-refresh"
    />
  )
}

const Overview = ({ actor }: { actor: DashboardActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { overview, failure } = state.context
  if (state.matches("failed"))
    return (
      <Callout intent="danger" data-testid="platform-failed">
        {failure ? t("platform.failed", { message: failureText(failure) }) : null}
        <Button text={t("platform.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  return (
    <div className="mc-dash" aria-busy={overview === null}>
      {failure ? (
        <Callout intent="warning" data-testid="platform-refresh-failed">
          {t("platform.refreshFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <Counts overview={overview} />
      {overview ? (
        <>
          <div className="mc-dash-grid">
            <Activity overview={overview} />
            <Balances overview={overview} />
          </div>
          <Health overview={overview} />
          <p className="mc-platform-updated" data-testid="platform-updated">
            {t("platform.updated")} <bdi dir="ltr">{formatDateTime(overview.at)}</bdi>
          </p>
        </>
      ) : null}
    </div>
  )
}

const Counts = ({ overview }: { overview: PlatformOverview | null }) => {
  const { t } = useTranslation()
  const none = t("platform.review.none")
  return (
    <section className="mc-dash-section" aria-labelledby="platform-businesses-title" data-testid="platform-businesses">
      <h2 className="mc-dash-section-head" id="platform-businesses-title">
        {t("platform.businesses.title")}
        <Link to={BUSINESSES_PATH} className="mc-platform-link">
          {t("platform.businesses.open")}
        </Link>
      </h2>
      <div className="mc-dash-boxes mc-platform-counts">
        <CountBox id="platform-total" label={t("platform.businesses.total")} value={overview?.businesses.total} />
        <CountBox id="platform-active" label={t("platform.businesses.active")} value={overview?.businesses.active} />
        <CountBox
          id="platform-inactive"
          label={t("platform.businesses.inactive")}
          value={overview?.businesses.inactive}
          hint={t("platform.businesses.inactiveHint")}
        />
        <div className="mc-platform-review">
          <CountBox
            id="platform-registrations"
            label={t("platform.review.registrations")}
            value={overview?.pending_registrations}
            none={none}
          />
          <ReviewLink id="platform-registrations" to={REGISTRATIONS_PATH} text={t("platform.review.openRegistrations")} />
        </div>
        <div className="mc-platform-review">
          <CountBox id="platform-masks" label={t("platform.review.masks")} value={overview?.masks_awaiting_approval} none={none} />
          <ReviewLink id="platform-masks" to={MASKS_PATH} text={t("platform.review.openMasks")} />
        </div>
      </div>
    </section>
  )
}

/** A count box, a skeleton until read; with `none`, a zero says it (nothing awaits review). */
const CountBox = (props: { id: string; label: string; value: number | undefined; hint?: string; none?: string }) => {
  const count = useCount()
  return (
    <Box
      id={props.id}
      label={props.label}
      value={props.value === undefined ? null : count(props.value)}
      zero={props.none !== undefined && props.value === 0}
      zeroText={props.none ?? ""}
      hint={props.hint}
    />
  )
}

const ReviewLink = (props: { id: string; to: string; text: string }) => (
  <Link to={props.to} className="mc-platform-link" data-testid={`${props.id}-link`}>
    {props.text}
  </Link>
)

const Activity = ({ overview }: { overview: PlatformOverview }) => {
  const { t } = useTranslation()
  const count = useCount()
  return (
    <section className="mc-card mc-dash-panel" aria-labelledby="platform-activity-title" data-testid="platform-activity">
      <h2 className="mc-dash-panel-title" id="platform-activity-title">
        {t("platform.activity.title", { days: overview.activity_days })}
      </h2>
      {overview.most_active.length === 0 ? (
        <p className="mc-dash-empty">{t("platform.activity.empty")}</p>
      ) : (
        <div className="mc-platform-scroll">
          <HTMLTable compact striped className="mc-dash-table">
            <thead>
              <tr>
                <th>{t("platform.activity.business")}</th>
                <th className="mc-num">{t("platform.activity.messages")}</th>
                <th className="mc-num">{t("platform.activity.calls")}</th>
                <th className="mc-num">{t("platform.activity.agentsOnline")}</th>
              </tr>
            </thead>
            <tbody>
              {overview.most_active.map((b) => (
                <tr key={b.client_id} data-testid="platform-activity-row" data-client-id={b.client_id}>
                  <td>
                    <bdi>{b.name}</bdi>{" "}
                    {b.active ? null : (
                      <Tag minimal intent="warning">
                        {t("platform.activity.disabled")}
                      </Tag>
                    )}
                  </td>
                  <td className="mc-num">{count(b.messages)}</td>
                  <td className="mc-num">{count(b.calls)}</td>
                  <td className="mc-num">{count(b.agents_online)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  )
}

const Balances = ({ overview }: { overview: PlatformOverview }) => {
  const { t } = useTranslation()
  const money = useMoney(overview.currency)
  return (
    <section className="mc-card mc-dash-panel" aria-labelledby="platform-balances-title" data-testid="platform-balances">
      <h2 className="mc-dash-panel-title" id="platform-balances-title">
        {t("platform.balances.title")}
      </h2>
      {overview.lowest_balances.length === 0 ? (
        <p className="mc-dash-empty">{t("platform.balances.empty")}</p>
      ) : (
        <div className="mc-platform-scroll">
          <HTMLTable compact striped className="mc-dash-table">
            <thead>
              <tr>
                <th>{t("platform.balances.business")}</th>
                <th className="mc-num">{t("platform.balances.balance")}</th>
              </tr>
            </thead>
            <tbody>
              {overview.lowest_balances.map((b) => (
                <tr key={b.client_id} data-testid="platform-balance-row" data-client-id={b.client_id}>
                  <td>
                    <bdi>{b.name}</bdi>
                  </td>
                  <td className={`mc-num${Number(b.balance) < 0 ? " mc-platform-negative" : ""}`}>
                    <bdi>{money(Number(b.balance))}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  )
}

const Health = ({ overview }: { overview: PlatformOverview }) => {
  const { t } = useTranslation()
  const count = useCount()
  const duration = useDuration()
  const h = overview.health
  const state = (up: boolean | null) =>
    up === null ? (
      <Tag minimal multiline>
        {t("platform.health.redisOff")}
      </Tag>
    ) : (
      <Tag minimal multiline intent={up ? "success" : "danger"} icon={up ? "tick-circle" : "error"}>
        {up ? t("platform.health.up") : t("platform.health.down")}
      </Tag>
    )
  return (
    <section className="mc-card mc-dash-panel" aria-labelledby="platform-health-title" data-testid="platform-health">
      <h2 className="mc-dash-panel-title" id="platform-health-title">
        {t("platform.health.title")}
      </h2>
      <dl className="mc-dash-pairs mc-platform-health">
        <Pair id="database" term={t("platform.health.database")}>
          {state(h.database)}
        </Pair>
        <Pair id="redis" term={t("platform.health.redis")}>
          {state(h.redis)}
        </Pair>
        <Pair id="queue" term={t("platform.health.queue")}>
          {count(h.queue_depth)}
        </Pair>
        <Pair id="oldest" term={t("platform.health.oldest")}>
          {h.oldest_job_seconds === null ? t("platform.health.noneWaiting") : duration(h.oldest_job_seconds)}
        </Pair>
        <Pair id="nodes" term={t("platform.health.nodes")}>
          {count(h.nodes)}
          <small className="mc-platform-hint">{t("platform.health.nodesHint")}</small>
        </Pair>
      </dl>
    </section>
  )
}

/** One line of the health list: its name and its value (test id `platform-health-<id>`). */
const Pair = (props: { id: string; term: string; children: ReactNode }) => (
  <div>
    <dt>{props.term}</dt>
    <dd data-testid={`platform-health-${props.id}`}>{props.children}</dd>
  </div>
)
