/**
 * Users (/apps/users): the tenant's users on `report-users` (search, paging), allowed or stopped from signing in
 * with a switch, and the `user-editor` dialog that creates and edits one (role, new password, own caps) with what their
 * sidebar becomes previewed before saving. The server's 4xx on a field is said on that field.
 */
import { type ReactNode, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout, FormGroup, HTMLSelect, InputGroup, Switch } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { User } from "../../contract/schemas/access"
import { aclOfKeys, previewOf } from "../../machines/admin/access-catalogue"
import type { usersListMachine } from "../../machines/admin/lists"
import type { UserDraft, userEditorMachine } from "../../machines/admin/user-editor"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor, useSessionActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import { AccessPreviewPanel } from "./AccessPreviewPanel"
import { CapacityFields } from "./CapacityFields"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./admin.css"

type ListActor = ActorRefFrom<typeof usersListMachine>
type EditorActor = ActorRefFrom<typeof userEditorMachine>

const FIELDS = ["username", "email", "display_name", "phone", "role_id", "password"] as const

export const UsersView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-users")
  const editor = usePageActor<EditorActor>("user-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const self = useSelector(useSessionActor(), (s) => Number(s.context.userData?.id ?? 0) || null)
  const columns = [
    t("admin.users.name"),
    t("admin.users.email"),
    t("admin.users.role"),
    t("admin.users.status"),
    t("admin.users.created"),
    t("recordKit.actions"),
  ]
  return (
    <div className="mc-page mc-report" data-testid="users-page">
      <PageHeader
        title={t("admin.users.title")}
        subtitle={t("admin.users.subtitle")}
        actions={<NewButton actor={editor} text={t("admin.users.new")} testId="users-new" />}
      />
      <ReportFilters actor={list} testId="users-filters" buttons="none">
        <ReportSearch actor={list} label={t("admin.users.search")} placeholder={t("admin.users.searchHint")} testId="users-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="users-table" columns={columns} emptyText={t("admin.users.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="user-row" data-username={row.username} data-status={row.status}>
            <td>
              <div>{row.display_name}</div>
              <div className="mc-perm-key">{row.username}</div>
            </td>
            <td>{row.email}</td>
            <td data-testid="user-role">{row.role_name ?? "—"}</td>
            <td>
              <Switch
                checked={row.status === "active"}
                // Nobody stops their own sign-in or deletes themselves (the server refuses both).
                disabled={!editor || row.id === self}
                label={t(row.status === "active" ? "admin.users.active" : "admin.users.disabled")}
                aria-label={t(row.status === "active" ? "admin.users.disable" : "admin.users.enable")}
                onChange={() => editor?.send({ type: "RUN", action: row.status === "active" ? "disable" : "enable", row })}
                data-testid="user-enabled"
              />
            </td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            {editor ? <RowActions actor={editor} row={row} testId="user-row" deletable={row.id !== self} /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <UserDialog editor={editor} list={list} /> : null}
    </div>
  )
}

const UserDialog = ({ editor, list }: { editor: EditorActor; list: ListActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: UserDraft = useSelector(editor, (s) => s.context.draft)
  const row: User | null = useSelector(editor, (s) => s.context.row)
  const meta = useSelector(list, (s) => s.context.meta)
  const failures = {
    username: useFieldFailure(editor, "username"),
    email: useFieldFailure(editor, "email"),
    display_name: useFieldFailure(editor, "display_name"),
    phone: useFieldFailure(editor, "phone"),
    role_id: useFieldFailure(editor, "role_id"),
    password: useFieldFailure(editor, "password"),
  }
  const change = (patch: Partial<UserDraft>) => editor.send({ type: "CHANGE", patch })
  const roles = meta?.roles ?? []
  const preview = useMemo(() => {
    const keysOf = (roleId: number | null) => roles.find((role) => role.id === roleId)?.permissions ?? []
    return previewOf(
      row ? aclOfKeys(keysOf(row.role_id), row.call_permission) : {},
      aclOfKeys(keysOf(draft.role_id), draft.call_permission),
    )
  }, [roles, row, draft.role_id, draft.call_permission])
  const field = (name: (typeof FIELDS)[number], label: string, input: ReactNode, helper?: string) => {
    const failure = failures[name]
    return (
      <FormGroup
        label={label}
        labelFor={`user-${name}`}
        intent={failure ? "danger" : "none"}
        helperText={failure ? failureText(failure) : helper}
      >
        {input}
      </FormGroup>
    )
  }
  const text = (name: "username" | "email" | "display_name" | "phone", type = "text") => (
    <InputGroup
      id={`user-${name}`}
      type={type}
      intent={failures[name] ? "danger" : "none"}
      value={draft[name]}
      disabled={name === "username" && row !== null}
      onValueChange={(value) => change({ [name]: value })}
      data-testid={`user-${name}`}
    />
  )
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(row ? "admin.users.edit" : "admin.users.new")}
        problems="admin.problems"
        testId="user-dialog"
        marks={FIELDS}
      >
        {field("username", t("admin.users.username"), text("username"))}
        {field("display_name", t("admin.users.name"), text("display_name"))}
        {field("email", t("admin.users.email"), text("email", "email"))}
        {field("phone", t("admin.users.phone"), text("phone", "tel"))}
        {field(
          "role_id",
          t("admin.users.role"),
          <HTMLSelect
            id="user-role_id"
            value={draft.role_id === null ? "" : String(draft.role_id)}
            onChange={(event) => change({ role_id: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
            options={[
              { value: "", label: t("admin.users.noRole") },
              ...roles.map((role) => ({ value: String(role.id), label: role.name })),
            ]}
            data-testid="user-role-select"
          />,
        )}
        <FormGroup label={t("admin.users.voice")} labelFor="user-voice">
          <HTMLSelect
            id="user-voice"
            value={draft.call_permission === null ? "role" : draft.call_permission ? "on" : "off"}
            onChange={(event) => {
              const value = event.currentTarget.value
              change({ call_permission: value === "role" ? null : value === "on" })
            }}
            options={[
              { value: "role", label: t("admin.users.voiceRole") },
              { value: "on", label: t("admin.users.voiceOn") },
              { value: "off", label: t("admin.users.voiceOff") },
            ]}
            data-testid="user-voice"
          />
        </FormGroup>
        <CapacityFields
          value={draft.capacity}
          onChange={(capacity) => change({ capacity })}
          label={t("admin.users.capacity")}
          help={t("admin.users.capacityHelp")}
          empty={t("admin.users.roleCap")}
          testId="user-capacity"
        />
        {field(
          "password",
          t(row ? "admin.users.newPassword" : "admin.users.password"),
          <InputGroup
            id="user-password"
            type="password"
            autoComplete="new-password"
            intent={failures.password ? "danger" : "none"}
            value={draft.password}
            onValueChange={(password) => change({ password })}
            data-testid="user-password"
          />,
          t(row ? "admin.users.newPasswordHint" : "admin.users.passwordHint"),
        )}
        {meta?.choicesError ? (
          <Callout intent="warning">{t("admin.choicesFailed", { message: failureText(meta.choicesError) })}</Callout>
        ) : (
          <AccessPreviewPanel preview={preview} />
        )}
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(user: User) => user.display_name} />
    </>
  )
}
