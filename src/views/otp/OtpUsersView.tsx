/**
 * /apps/otp-users: console users enrolled for one-time-code login (`report-otp-users`, searchable), and the
 * `otp-user-editor` dialog that enrols, edits and removes one; `otp-choices` lists the users and providers to pick.
 */
import { FormGroup, HTMLSelect, InputGroup, Switch, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { OtpUser } from "../../contract/schemas/otp"
import type { otpChoicesMachine } from "../../machines/otp/otp-choices-machine"
import type { otpUsersListMachine } from "../../machines/otp/otp-lists"
import type { OtpUserDraft, otpUserEditorMachine } from "../../machines/otp/otp-user-editor"
import { usePageActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useWriteNotices } from "../record-kit/RecordDialog"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof otpUsersListMachine>
type EditorActor = ActorRefFrom<typeof otpUserEditorMachine>
type ChoicesActor = ActorRefFrom<typeof otpChoicesMachine>

export const OtpUsersView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-otp-users")
  const editor = usePageActor<EditorActor>("otp-user-editor")
  const choices = usePageActor<ChoicesActor>("otp-choices")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const u = (key: string) => t(`otp.users.${key}`)
  const columns = [u("username"), u("email"), u("number"), u("provider"), u("enabled"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="otp-users-page">
      <PageHeader
        title={u("title")}
        subtitle={u("subtitle")}
        actions={<NewButton actor={editor} text={u("add")} testId="otp-user-new" />}
      />
      <ReportFilters actor={list} testId="otp-users-filters" buttons="none">
        <ReportSearch actor={list} label={u("search")} placeholder={u("search")} testId="otp-users-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="otp-users-table" columns={columns} emptyText={u("empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="otp-user-row">
            <td>{row.username}</td>
            <td dir="ltr">{row.email ?? "—"}</td>
            <td dir="ltr">{row.number ?? "—"}</td>
            <td>{row.provider_name ?? u("noProvider")}</td>
            <td>
              <Tag minimal intent={row.enabled ? "success" : "none"}>
                {u(row.enabled ? "on" : "off")}
              </Tag>
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="otp-user-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor && choices ? <UserDialog editor={editor} choices={choices} /> : null}
    </div>
  )
}

const UserDialog = ({ editor, choices }: { editor: EditorActor; choices: ChoicesActor }) => {
  const { t } = useTranslation()
  const draft: OtpUserDraft = useSelector(editor, (s) => s.context.draft)
  const row = useSelector(editor, (s) => s.context.row)
  const options = useSelector(choices, (s) => s.context.choices)
  const change = (patch: Partial<OtpUserDraft>) => editor.send({ type: "CHANGE", patch })
  const u = (key: string) => t(`otp.users.${key}`)
  return (
    <>
      <RecordDialog actor={editor} title={u(row ? "edit" : "add")} problems="otp.users.problems" testId="otp-user-dialog">
        {row ? (
          <FormGroup label={u("username")}>
            <InputGroup value={row.username} readOnly />
          </FormGroup>
        ) : (
          <FormGroup label={u("user")} labelFor="otp-user-user">
            <HTMLSelect
              id="otp-user-user"
              value={draft.userId}
              onChange={(e) => change({ userId: e.currentTarget.value })}
              options={[{ value: "", label: u("choose") }, ...options.users.map((c) => ({ value: String(c.id), label: c.name }))]}
              data-testid="otp-user-user"
            />
          </FormGroup>
        )}
        <FormGroup label={u("number")} labelFor="otp-user-number">
          <InputGroup
            id="otp-user-number"
            dir="ltr"
            value={draft.number}
            onValueChange={(number) => change({ number })}
            data-testid="otp-user-number"
          />
        </FormGroup>
        <FormGroup label={u("email")} labelFor="otp-user-email">
          <InputGroup
            id="otp-user-email"
            dir="ltr"
            type="email"
            value={draft.email}
            onValueChange={(email) => change({ email })}
            data-testid="otp-user-email"
          />
        </FormGroup>
        <FormGroup label={u("provider")} labelFor="otp-user-provider">
          <HTMLSelect
            id="otp-user-provider"
            value={draft.providerId}
            onChange={(e) => change({ providerId: e.currentTarget.value })}
            options={[{ value: "", label: u("noProvider") }, ...options.providers.map((c) => ({ value: String(c.id), label: c.name }))]}
            data-testid="otp-user-provider"
          />
        </FormGroup>
        <Switch checked={draft.enabled} label={u("enabled")} onChange={(e) => change({ enabled: e.currentTarget.checked })} />
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(r: OtpUser) => r.username} />
    </>
  )
}
