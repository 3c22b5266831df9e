/**
 * IP whitelist (/apps/ip-whitelist): the tenant's addresses and ranges on `report-ip-whitelist` with the `ip-editor`
 * dialog, and the `ip-login-guard` switch that extends the list to console logins, with a warning before it would lock
 * the admin's own address out.
 */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, InputGroup, Switch } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { IpEntry } from "../../contract/schemas/security"
import type { IpDraft, ipEditorMachine } from "../../machines/ip-whitelist/ip-editor"
import type { ipListMachine } from "../../machines/ip-whitelist/ip-list"
import type { loginGuardMachine } from "../../machines/ip-whitelist/login-guard"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof ipListMachine>
type EditorActor = ActorRefFrom<typeof ipEditorMachine>
type GuardActor = ActorRefFrom<typeof loginGuardMachine>

export const IpWhitelistView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-ip-whitelist")
  const editor = usePageActor<EditorActor>("ip-editor")
  const guard = usePageActor<GuardActor>("ip-login-guard")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("ipWhitelist.address"), t("ipWhitelist.label"), t("ipWhitelist.created"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="ip-whitelist-page">
      <PageHeader
        title={t("ipWhitelist.title")}
        subtitle={t("ipWhitelist.subtitle")}
        actions={<NewButton actor={editor} text={t("ipWhitelist.new")} testId="ip-new" />}
      />
      {guard ? <LoginSwitch guard={guard} /> : null}
      <ReportFilters actor={list} testId="ip-filters" buttons="none">
        <ReportSearch actor={list} label={t("ipWhitelist.search")} placeholder={t("ipWhitelist.address")} testId="ip-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="ip-table" columns={columns} emptyText={t("ipWhitelist.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="ip-row">
            <td dir="ltr" className="mc-num">
              {row.ip}
            </td>
            <td>{row.label ?? ""}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            {editor ? <RowActions actor={editor} row={row} testId="ip-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <IpDialog editor={editor} guard={guard} /> : null}
    </div>
  )
}

const LoginSwitch = ({ guard }: { guard: GuardActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const settings = useSelector(guard, (s) => s.context.settings)
  const failure = useSelector(guard, (s) => s.context.failure)
  const busy = useSelector(guard, (s) => s.hasTag("busy"))
  const confirming = useSelector(guard, (s) => s.matches("confirming"))
  return (
    <div className="mc-card mc-card-body" data-testid="ip-login">
      <Switch
        checked={settings?.enforce_login ?? false}
        disabled={busy || settings === null}
        label={t("ipWhitelist.enforceLogin")}
        onChange={(e) => guard.send({ type: "SET", on: e.currentTarget.checked })}
        data-testid="ip-login-switch"
      />
      {settings ? (
        <p className="bp6-text-muted" data-testid="ip-your-address">
          {t(settings.your_ip_listed ? "ipWhitelist.yourIpListed" : "ipWhitelist.yourIpNotListed", { ip: settings.your_ip })}
        </p>
      ) : null}
      {confirming ? (
        <Callout intent="warning" title={t("ipWhitelist.lockoutTitle")} data-testid="ip-lockout-warning">
          <p>{t("ipWhitelist.lockoutText", { ip: settings?.your_ip ?? "" })}</p>
          <Button
            intent="danger"
            text={t("ipWhitelist.lockoutConfirm")}
            onClick={() => guard.send({ type: "CONFIRM" })}
            data-testid="ip-lockout-confirm"
          />{" "}
          <Button text={t("ipWhitelist.lockoutCancel")} onClick={() => guard.send({ type: "CANCEL" })} data-testid="ip-lockout-cancel" />
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="ip-login-failure">
          {failureText(failure)}
        </Callout>
      ) : null}
    </div>
  )
}

const IpDialog = ({ editor, guard }: { editor: EditorActor; guard: GuardActor | null }) => {
  const { t } = useTranslation()
  const saved = useSelector(editor, (s) => s.context.saved)
  // Every write may change whether the admin's own address is listed: the switch reads it again.
  useEffect(() => {
    if (saved > 0) guard?.send({ type: "REFRESH" })
  }, [saved, guard])
  const failureText = useFailureText()
  const draft: IpDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const wrong = useFieldFailure(editor, "ip")
  const change = (patch: Partial<IpDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "ipWhitelist.new" : "ipWhitelist.edit")}
        problems="ipWhitelist.problems"
        testId="ip-dialog"
        marks={["ip"]}
      >
        <FormGroup
          label={t("ipWhitelist.address")}
          labelFor="ip-address-input"
          intent={wrong ? "danger" : "none"}
          helperText={wrong ? failureText(wrong) : t("ipWhitelist.addressHelp")}
        >
          <InputGroup
            id="ip-address-input"
            dir="ltr"
            intent={wrong ? "danger" : "none"}
            value={draft.ip}
            placeholder="203.0.113.0/24"
            onValueChange={(ip) => change({ ip })}
            data-testid="ip-address"
          />
        </FormGroup>
        <FormGroup label={t("ipWhitelist.label")} labelFor="ip-label-input">
          <InputGroup id="ip-label-input" value={draft.label} onValueChange={(label) => change({ label })} data-testid="ip-label" />
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: IpEntry) => row.ip} />
    </>
  )
}
