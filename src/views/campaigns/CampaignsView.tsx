/**
 * Current campaigns (/apps/current-campaigns): the tenant's campaigns on `report-campaigns` with their status and
 * live progress (`campaign-desk` keeps the socket's snapshots over the rows), the buttons the status allows, a
 * campaign's outbox with each number's status and reason, its CSV report, and the `campaign-create` dialog.
 */
import { Button, HTMLSelect, type Intent, ProgressBar, Tab, Tabs, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { mayRetry, tenantMay } from "../../contract/campaign-rules"
import type { Campaign, CampaignStatus } from "../../contract/schemas/campaigns"
import { type campaignDeskMachine, liveOf } from "../../machines/campaigns/campaign-desk"
import type { campaignCreateMachine } from "../../machines/campaigns/campaign-create"
import type { campaignsListMachine } from "../../machines/campaigns/campaigns-list"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { useFormat } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { saveFile } from "../common/save-file"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { CampaignDialog } from "./CampaignDialog"
import { NewListButton, RecipientListsPanel } from "./RecipientListsPanel"
import "../report-kit/report-kit.css"
import "./campaigns.css"

type ListActor = ActorRefFrom<typeof campaignsListMachine>
type DeskActor = ActorRefFrom<typeof campaignDeskMachine>
type CreateActor = ActorRefFrom<typeof campaignCreateMachine>

const STATUSES: readonly CampaignStatus[] = ["draft", "scheduled", "running", "paused", "completed", "stopped"]
const INTENTS: Readonly<Record<CampaignStatus, Intent>> = {
  draft: "none",
  scheduled: "primary",
  running: "success",
  paused: "warning",
  completed: "success",
  stopped: "danger",
  failed: "danger",
}

const Progress = ({ c }: { c: Campaign }) => {
  const { t } = useTranslation()
  const done = c.total - (c.queued ?? 0)
  return (
    <div className="mc-campaign-progress" data-testid="campaign-progress">
      <ProgressBar
        aria-label={t("campaigns.progress")}
        value={c.total ? done / c.total : 0}
        stripes={c.status === "running"}
        intent={c.failed ? "warning" : "success"}
      />
      <div className="mc-campaign-counts" data-testid="campaign-counts">
        {t("campaigns.counts", {
          sent: c.sent,
          delivered: c.delivered,
          read: c.read,
          failed: c.failed,
          skipped: c.skipped ?? 0,
          total: c.total,
        })}
      </div>
    </div>
  )
}

const Actions = ({ c, desk }: { c: Campaign; desk: DeskActor }) => {
  const { t } = useTranslation()
  const busy = useSelector(desk, (s) => !s.matches("idle"))
  const change = (to: "scheduled" | "running" | "paused" | "stopped", icon: "play" | "pause" | "stop", label: string, testId: string) => (
    <Button
      small
      minimal
      icon={icon}
      text={label}
      disabled={busy || !tenantMay(c.status, to)}
      onClick={() => desk.send({ type: "CHANGE", campaign: c, to })}
      data-testid={testId}
    />
  )
  return (
    <td>
      <div className="mc-campaign-actions">
        {c.status === "draft" ? change("scheduled", "play", t("campaigns.launch"), "campaign-launch") : null}
        {c.status === "paused" || c.status === "scheduled"
          ? change("running", "play", t(c.status === "paused" ? "campaigns.resume" : "campaigns.startNow"), "campaign-resume")
          : change("paused", "pause", t("campaigns.pause"), "campaign-pause")}
        {change("stopped", "stop", t("campaigns.stop"), "campaign-stop")}
        <Button
          small
          minimal
          icon="refresh"
          text={t("campaigns.retry")}
          disabled={busy || !mayRetry(c)}
          onClick={() => desk.send({ type: "RETRY", campaign: c })}
          data-testid="campaign-retry"
        />
        <Button
          small
          minimal
          icon="th-list"
          text={t("campaigns.outbox")}
          onClick={() => desk.send({ type: "OPEN", id: c.id })}
          data-testid="campaign-outbox"
        />
        <Button
          small
          minimal
          icon="download"
          text={t("campaigns.download")}
          onClick={() => desk.send({ type: "DOWNLOAD", campaign: c })}
          data-testid="campaign-download"
        />
      </div>
    </td>
  )
}

const Outbox = ({ desk }: { desk: DeskActor }) => {
  const { t } = useTranslation()
  const openId = useSelector(desk, (s) => s.context.openId)
  const rows = useSelector(desk, (s) => s.context.outbox)
  const total = useSelector(desk, (s) => s.context.outboxTotal)
  if (openId === null) return null
  return (
    <section className="mc-campaign-outbox" data-testid="campaign-outbox-panel">
      <h3>
        {t("campaigns.outboxTitle", { count: total })}
        <Button small minimal icon="cross" aria-label={t("campaigns.close")} onClick={() => desk.send({ type: "CLOSE" })} />
      </h3>
      <table className="bp6-html-table bp6-compact">
        <thead>
          <tr>
            <th>{t("campaigns.number")}</th>
            <th>{t("campaigns.status")}</th>
            <th>{t("campaigns.reason")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="outbox-row" data-number={r.number} data-status={r.status}>
              <td dir="ltr">{r.number}</td>
              <td>{t(`campaigns.recipientStatuses.${r.status}`)}</td>
              <td dir="auto">{r.error ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const CampaignsPanel = () => {
  const format = useFormat()
  const { t } = useTranslation()
  const failureText = useFailureText()
  const list = useReportActor<ListActor>("report-campaigns")
  const desk = usePageActor<DeskActor>("campaign-desk")
  const creator = usePageActor<CreateActor>("campaign-create")
  const rows = useSelector(list, (s) => s.context.rows)
  const status = useSelector(list, (s) => s.context.draft.status)
  const live = useSelector(desk ?? undefined, (s) => s?.context.live ?? {})
  const file = useSelector(desk ?? undefined, (s) => s?.context.file ?? null)
  const failure = useSelector(desk ?? undefined, (s) => s?.context.failure ?? null)
  useEffect(() => {
    if (!file || !desk) return
    saveFile({ filename: file.name, mime: "text/csv", content: file.content })
    desk.send({ type: "FILE.DONE" })
  }, [file, desk])
  const columns = [t("campaigns.name"), t("campaigns.template"), t("campaigns.status"), t("campaigns.progress"), t("campaigns.actions")]
  return (
    <div data-testid="campaigns-panel">
      <ReportFilters actor={list} testId="campaigns-filters" buttons="none">
        <ReportSearch actor={list} label={t("campaigns.search")} placeholder={t("campaigns.searchHint")} testId="campaigns-search" />
        <HTMLSelect
          aria-label={t("campaigns.status")}
          value={status}
          onChange={(e) => list.send({ type: "FILTER.CHANGE", patch: { status: e.currentTarget.value as CampaignStatus | "" } })}
          options={[
            { value: "", label: t("campaigns.allStatuses") },
            ...STATUSES.map((value) => ({ value, label: format.enumValue("campaignStatus", value) })),
          ]}
          data-testid="campaigns-status-filter"
        />
      </ReportFilters>
      <ReportFailure actor={list} />
      {failure ? (
        <div className="mc-campaign-failure" role="alert" data-testid="campaign-failure">
          {failureText(failure)}
        </div>
      ) : null}
      <ReportTable actor={list} testId="campaigns-table" columns={columns} emptyText={t("campaigns.empty")}>
        {rows.map((row) => {
          const c = liveOf(live, row)
          return (
            <tr key={c.id} data-testid="campaign-row" data-name={c.name} data-status={c.status}>
              <td>{c.name}</td>
              <td dir="ltr">
                {c.template_name} <span className="mc-campaign-muted">{c.language}</span>
              </td>
              <td>
                <Tag intent={INTENTS[c.status]} minimal data-testid="campaign-status">
                  {format.enumValue("campaignStatus", c.status)}
                </Tag>
                {c.status_reason ? (
                  <div className="mc-campaign-reason" data-testid="campaign-reason" dir="auto">
                    {c.status_reason}
                  </div>
                ) : null}
              </td>
              <td>
                <Progress c={c} />
              </td>
              {desk ? <Actions c={c} desk={desk} /> : <td />}
            </tr>
          )
        })}
      </ReportTable>
      {desk ? <Outbox desk={desk} /> : null}
      {creator ? <CampaignDialog actor={creator} /> : null}
    </div>
  )
}

/** The page header's action on the Campaigns tab. */
const NewCampaignButton = () => {
  const { t } = useTranslation()
  const creator = usePageActor<CreateActor>("campaign-create")
  return (
    <Button
      intent="primary"
      icon="add"
      text={t("campaigns.new")}
      disabled={!creator}
      onClick={() => creator?.send({ type: "OPEN" })}
      data-testid="campaigns-new"
    />
  )
}

/**
 * Two tabs: the campaigns, and the recipient lists they send to (spec 000 has no route of its own for lists). The
 * header's action makes one of what the open tab lists.
 */
export const CampaignsView = () => {
  const { t } = useTranslation()
  const [tab, setTab] = useState<"campaigns" | "lists">("campaigns")
  return (
    <div className="mc-page mc-report" data-testid="campaigns-page">
      <PageHeader
        title={t("campaigns.title")}
        subtitle={t("campaigns.subtitle")}
        actions={tab === "campaigns" ? <NewCampaignButton /> : <NewListButton />}
      />
      <Tabs id="campaigns-tabs" selectedTabId={tab} onChange={(id) => setTab(id as "campaigns" | "lists")} renderActiveTabPanelOnly large>
        <Tab id="campaigns" title={t("campaigns.tabCampaigns")} panel={<CampaignsPanel />} data-testid="tab-campaigns" />
        <Tab id="lists" title={t("campaigns.tabLists")} panel={<RecipientListsPanel />} data-testid="tab-lists" />
      </Tabs>
    </div>
  )
}
