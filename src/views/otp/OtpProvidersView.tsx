/**
 * /apps/otp-providers: the tenant's OTP providers (`report-otp-providers`) and the `otp-provider-editor` dialog that
 * adds and edits one. The API key is write-only: the list shows its hint.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, Switch, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { OtpChannel } from "../../contract/schemas/otp"
import type { otpProvidersListMachine } from "../../machines/otp/otp-lists"
import type { otpProviderEditorMachine, ProviderDraft } from "../../machines/otp/otp-provider-editor"
import { usePageActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { NewButton, RecordDialog, useWriteNotices } from "../record-kit/RecordDialog"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof otpProvidersListMachine>
type EditorActor = ActorRefFrom<typeof otpProviderEditorMachine>
const CHANNELS: readonly OtpChannel[] = ["sms", "whatsapp", "email"]

export const OtpProvidersView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-otp-providers")
  const editor = usePageActor<EditorActor>("otp-provider-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const p = (key: string) => t(`otp.providers.${key}`)
  const columns = [p("name"), p("channel"), p("sender"), p("email"), p("apiKey"), p("codeLength"), p("enabled"), ""]
  return (
    <div className="mc-page mc-report" data-testid="otp-providers-page">
      <PageHeader
        title={p("title")}
        subtitle={p("subtitle")}
        actions={<NewButton actor={editor} text={p("add")} testId="otp-provider-new" />}
      />
      <ReportFilters actor={list} testId="otp-providers-filters" buttons="none">
        <ReportSearch actor={list} label={p("name")} placeholder={p("name")} testId="otp-providers-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="otp-providers-table" columns={columns} emptyText={p("empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="otp-provider-row">
            <td>{row.name}</td>
            <td>{t(`otp.channel.${row.channel}`)}</td>
            <td dir="ltr">{row.sender}</td>
            <td dir="ltr">{row.email}</td>
            <td dir="ltr">{row.api_key_hint ?? "—"}</td>
            <td className="mc-num">{row.code_length}</td>
            <td>
              <Tag minimal intent={row.enabled ? "success" : "none"}>
                {p(row.enabled ? "on" : "off")}
              </Tag>
            </td>
            <td>
              {editor ? (
                <Button
                  size="small"
                  variant="minimal"
                  icon="edit"
                  aria-label={p("edit")}
                  title={p("edit")}
                  onClick={() => editor.send({ type: "EDIT", row })}
                  data-testid="otp-provider-edit"
                />
              ) : null}
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor ? <ProviderDialog editor={editor} /> : null}
    </div>
  )
}

const ProviderDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const draft: ProviderDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const change = (patch: Partial<ProviderDraft>) => editor.send({ type: "CHANGE", patch })
  const p = (key: string) => t(`otp.providers.${key}`)
  const text = (key: keyof ProviderDraft, label: string, extra: { dir?: "ltr"; type?: string; placeholder?: string } = {}) => (
    <FormGroup label={label} labelFor={`otp-provider-${key}`}>
      <InputGroup
        id={`otp-provider-${key}`}
        value={String(draft[key])}
        onValueChange={(value) => change({ [key]: value })}
        data-testid={`otp-provider-${key}`}
        {...extra}
      />
    </FormGroup>
  )
  return (
    <RecordDialog actor={editor} title={p(isNew ? "add" : "edit")} problems="otp.providers.problems" testId="otp-provider-dialog">
      {text("name", p("name"))}
      {text("email", p("email"), { dir: "ltr", type: "email" })}
      <FormGroup label={p("channel")} labelFor="otp-provider-channel">
        <HTMLSelect
          id="otp-provider-channel"
          value={draft.channel}
          onChange={(e) => change({ channel: e.currentTarget.value as OtpChannel })}
          options={CHANNELS.map((c) => ({ value: c, label: t(`otp.channel.${c}`) }))}
          data-testid="otp-provider-channel"
        />
      </FormGroup>
      {text("sender", p("sender"), { dir: "ltr" })}
      {text("apiKey", p("apiKey"), { dir: "ltr", type: "password", placeholder: isNew ? "" : p("apiKeyKeep") })}
      {text("codeLength", p("codeLength"), { dir: "ltr", type: "number" })}
      <Switch checked={draft.enabled} label={p("enabled")} onChange={(e) => change({ enabled: e.currentTarget.checked })} />
    </RecordDialog>
  )
}
