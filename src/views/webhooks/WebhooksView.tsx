/**
 * Client webhooks (/apps/client-webhook): the tenant's endpoints on `report-webhooks` with their state (on, switched
 * off, or disabled by the server and why), the `webhook-editor` dialog (URL, event-type picker), the signing secret
 * shown once after a create, a test event and on/off per row, and the chosen webhook's delivery log
 * (`report-webhook-deliveries`). `webhooks-live` brings the server's disable notices and keeps the log current. A
 * super admin picks the business in the filter card first and reads its webhooks and their logs, without the writing
 * controls (a business's webhooks are its own to change).
 */
import { useCallback, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Switch, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Webhook } from "../../contract/schemas/security"
import type { webhookDeliveriesMachine } from "../../machines/webhooks/webhook-deliveries"
import { revealedSecret, type WebhookDraft, type webhookEditorMachine } from "../../machines/webhooks/webhook-editor"
import type { webhooksListMachine } from "../../machines/webhooks/webhooks-list"
import type { webhooksLiveMachine } from "../../machines/webhooks/webhooks-live"
import { formatDateTime } from "../../machines/report-kit/format"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { useAclActor, usePageActor } from "../common/actor-context"
import { BusinessFilter } from "../platform/BusinessFilter"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { selectBusiness } from "../../machines/report-kit/report-selectors"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof webhooksListMachine>
type LogActor = ActorRefFrom<typeof webhookDeliveriesMachine>
type EditorActor = ActorRefFrom<typeof webhookEditorMachine>
type LiveActor = ActorRefFrom<typeof webhooksLiveMachine>

export const WebhooksView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-webhooks", { forBusiness: true })
  const log = useReportActor<LogActor>("report-webhook-deliveries", { forBusiness: true })
  const superAdmin = useSelector(useAclActor(), selectSuperAdmin)
  const ownEditor = usePageActor<EditorActor>("webhook-editor")
  const ownLive = usePageActor<LiveActor>("webhooks-live")
  // The writes and the live notices are the business's own: a super admin only reads.
  const editor = superAdmin ? null : ownEditor
  const live = superAdmin ? null : ownLive
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const chosen = useSelector(log, (s) => s.context.filters.webhook_id)
  const picked = useSelector(list, selectBusiness)
  // The log follows the list's business, its webhook chosen anew.
  const pick = useCallback(
    (business: PickedBusiness) => {
      list.send({ type: "BUSINESS.PICK", clientId: business.id })
      log.send({ type: "FILTER.CHANGE", patch: { webhook_id: null } })
      log.send({ type: "BUSINESS.PICK", clientId: business.id })
    },
    [list, log],
  )
  const showLog = (row: Webhook) => {
    log.send({ type: "FILTER.CHANGE", patch: { webhook_id: row.id } })
    log.send({ type: "FILTER.APPLY" })
  }
  const columns = [
    t("webhooks.url"),
    t("webhooks.events"),
    t("webhooks.state"),
    t("webhooks.lastDelivery"),
    t("webhooks.deliveries"),
    ...(superAdmin ? [] : [t("recordKit.actions")]),
  ]
  return (
    <div className="mc-page mc-report" data-testid="webhooks-page">
      <PageHeader
        title={t("webhooks.title")}
        subtitle={t("webhooks.subtitle")}
        actions={superAdmin ? null : <NewButton actor={editor} text={t("webhooks.new")} testId="webhooks-new" />}
      />
      {superAdmin ? <BusinessFilter clientId={picked} onPick={pick} testId="webhooks-business" /> : null}
      {superAdmin && picked === null ? null : (
        <>
          {live ? <Notices live={live} /> : null}
          <ReportFilters actor={list} testId="webhooks-filters" buttons="none">
            <ReportSearch actor={list} label={t("webhooks.search")} placeholder={t("webhooks.url")} testId="webhooks-search" />
          </ReportFilters>
          <ReportFailure actor={list} />
          <ReportTable actor={list} testId="webhooks-table" columns={columns} emptyText={t("webhooks.empty")}>
            {rows.map((row) => (
              <tr key={row.id} data-testid="webhook-row" className={row.id === chosen ? "mc-row-selected" : undefined}>
                <td>
                  <code data-testid="webhook-url">{row.url}</code>
                  <div className="bp6-text-muted">{t("webhooks.secretHint", { hint: row.secret_hint ?? "" })}</div>
                </td>
                <td>
                  {row.events.map((e) => (
                    <Tag key={e} minimal className="mc-webhook-event" title={t(`webhooks.types.${e}`, { defaultValue: e })}>
                      {/* The event's name as the receiver gets it, as the picker shows it. */}
                      <code>{e}</code>
                    </Tag>
                  ))}
                </td>
                <td data-testid="webhook-state">
                  <Switch
                    checked={row.active}
                    label={row.active ? t("webhooks.on") : t("webhooks.off")}
                    disabled={!editor}
                    onChange={() => editor?.send({ type: "RUN", action: row.active ? "disable" : "enable", row })}
                    data-testid="webhook-switch"
                  />
                  {row.disabled_reason ? (
                    <Callout intent="danger" compact data-testid="webhook-disabled-reason">
                      {t("webhooks.disabledBecause", { reason: row.disabled_reason, at: formatDateTime(row.disabled_at ?? "") })}
                    </Callout>
                  ) : null}
                </td>
                <td className="mc-num">
                  {row.last_status === null ? "—" : <Tag intent={row.last_status < 300 ? "success" : "danger"}>{row.last_status}</Tag>}{" "}
                  {row.last_delivery_at ? formatDateTime(row.last_delivery_at) : ""}
                </td>
                <td className="mc-record-actions">
                  {superAdmin ? null : (
                    <Button
                      size="small"
                      icon="send-message"
                      text={t("webhooks.test")}
                      disabled={!editor}
                      onClick={() => editor?.send({ type: "RUN", action: "test", row })}
                      data-testid="webhook-test"
                    />
                  )}
                  <Button size="small" icon="history" text={t("webhooks.log")} onClick={() => showLog(row)} data-testid="webhook-log" />
                </td>
                {superAdmin ? null : editor ? <RowActions actor={editor} row={row} testId="webhook-row" /> : <td />}
              </tr>
            ))}
          </ReportTable>
          <DeliveryLog log={log} url={rows.find((r) => r.id === chosen)?.url ?? null} />
        </>
      )}
      {editor ? <WebhookDialog editor={editor} live={live} /> : null}
      {editor ? <SecretOnce editor={editor} /> : null}
    </div>
  )
}

const Notices = ({ live }: { live: LiveActor }) => {
  const { t } = useTranslation()
  const notices = useSelector(live, (s) => s.context.notices)
  if (notices.length === 0) return null
  return (
    <Callout intent="warning" title={t("webhooks.noticeTitle")} data-testid="webhooks-notice">
      {notices.map((n) => (
        <p key={n.webhook_id}>
          <code>{n.url}</code>: {n.reason}
        </p>
      ))}
      <Button size="small" text={t("webhooks.dismiss")} onClick={() => live.send({ type: "DISMISS" })} />
    </Callout>
  )
}

const DeliveryLog = ({ log, url }: { log: LogActor; url: string | null }) => {
  const { t } = useTranslation()
  const rows = useSelector(log, (s) => s.context.rows)
  if (url === null) return <p className="bp6-text-muted">{t("webhooks.logHint")}</p>
  const columns = [t("webhooks.when"), t("webhooks.event"), t("webhooks.attempt"), t("webhooks.result"), t("webhooks.duration")]
  return (
    <section data-testid="webhook-deliveries">
      <h3>
        {t("webhooks.logTitle")} <code>{url}</code>{" "}
        <Button
          size="small"
          icon="refresh"
          variant="minimal"
          aria-label={t("webhooks.refresh")}
          onClick={() => log.send({ type: "REPORT.RELOAD" })}
        />
      </h3>
      <ReportFailure actor={log} />
      <ReportTable actor={log} testId="webhook-deliveries-table" columns={columns} emptyText={t("webhooks.logEmpty")}>
        {rows.map((d) => (
          <tr key={d.id} data-testid="delivery-row" data-ok={d.ok}>
            <td className="mc-num">{formatDateTime(d.created_at)}</td>
            <td>
              {d.event_type} <span className="bp6-text-muted">{d.event_id.slice(0, 8)}</span>
            </td>
            <td className="mc-num">{d.attempt}</td>
            <td data-testid="delivery-result">
              <Tag intent={d.ok ? "success" : "danger"}>{d.status_code ?? t("webhooks.noAnswer")}</Tag> {d.error ?? ""}
            </td>
            <td className="mc-num">{t("webhooks.ms", { ms: d.duration_ms })}</td>
          </tr>
        ))}
      </ReportTable>
    </section>
  )
}

const WebhookDialog = ({ editor, live }: { editor: EditorActor; live: LiveActor | null }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: WebhookDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const types = useSelector(live ?? undefined, (s) => s?.context.eventTypes ?? [])
  const urlFailure = useFieldFailure(editor, "url")
  const eventsFailure = useFieldFailure(editor, "events")
  const change = (patch: Partial<WebhookDraft>) => editor.send({ type: "CHANGE", patch })
  const toggle = (key: string) =>
    change({ events: draft.events.includes(key) ? draft.events.filter((e) => e !== key) : [...draft.events, key] })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "webhooks.new" : "webhooks.edit")}
        problems="webhooks.problems"
        testId="webhook-dialog"
        marks={["url", "events"]}
      >
        <FormGroup
          label={t("webhooks.url")}
          labelFor="webhook-url-input"
          helperText={urlFailure ? failureText(urlFailure) : t("webhooks.urlHelp")}
          intent={urlFailure ? "danger" : "none"}
        >
          <InputGroup
            id="webhook-url-input"
            dir="ltr"
            placeholder="https://"
            intent={urlFailure ? "danger" : "none"}
            value={draft.url}
            onValueChange={(url) => change({ url })}
            data-testid="webhook-url-input"
          />
        </FormGroup>
        <FormGroup
          label={t("webhooks.events")}
          helperText={eventsFailure ? failureText(eventsFailure) : undefined}
          intent={eventsFailure ? "danger" : "none"}
        >
          <div data-testid="webhook-event-picker">
            {types.map((type) => (
              <Checkbox
                key={type.key}
                checked={draft.events.includes(type.key)}
                onChange={() => toggle(type.key)}
                data-testid={`webhook-event-${type.key}`}
              >
                <code>{type.key}</code> — {t(`webhooks.types.${type.key}`, { defaultValue: type.description })}
              </Checkbox>
            ))}
          </div>
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Webhook) => row.url} />
    </>
  )
}

/** The signing secret from a create's answer, until the admin closes it: it is never shown again. */
const SecretOnce = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const answer = useSelector(editor, (s) => s.context.answer)
  const secret = revealedSecret(answer)
  // Closed for this answer: later writes (a test event, a switch) keep the answer and must not show it again.
  const [closedFor, setClosedFor] = useState<unknown>(null)
  const open = secret !== null && closedFor !== answer
  return (
    <Dialog isOpen={open} title={t("webhooks.secretTitle")} onClose={() => setClosedFor(answer)}>
      <DialogBody>
        <p>{t("webhooks.secretOnce")}</p>
        <InputGroup readOnly dir="ltr" value={secret ?? ""} data-testid="webhook-secret" onFocus={(e) => e.currentTarget.select()} />
        <p className="bp6-text-muted">{t("webhooks.secretVerify")}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" text={t("webhooks.secretDone")} onClick={() => setClosedFor(answer)} data-testid="webhook-secret-done" />
        }
      />
    </Dialog>
  )
}
