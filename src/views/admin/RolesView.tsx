/**
 * Roles (/apps/roles): the tenant's roles on `report-roles` (search, paging) with how many keys and users each has,
 * and the `role-editor` dialog: name, description, the permission editor over the whole catalogue, and what the
 * role's users will see (sidebar items appearing and disappearing) before saving.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout, FormGroup, InputGroup, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Role } from "../../contract/schemas/access"
import { aclOfKeys, keysOfIds, previewOf, sectionsOf } from "../../machines/admin/access-catalogue"
import type { rolesListMachine } from "../../machines/admin/lists"
import { type RoleDraft, type roleEditorMachine, togglePermissions } from "../../machines/admin/role-editor"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import { AccessPreviewPanel } from "./AccessPreviewPanel"
import { CapacityFields } from "./CapacityFields"
import { PermissionEditor } from "./PermissionEditor"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./admin.css"

type ListActor = ActorRefFrom<typeof rolesListMachine>
type EditorActor = ActorRefFrom<typeof roleEditorMachine>

export const RolesView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-roles")
  const editor = usePageActor<EditorActor>("role-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [
    t("admin.roles.name"),
    t("admin.roles.permissions"),
    t("admin.roles.users"),
    t("admin.users.created"),
    t("recordKit.actions"),
  ]
  return (
    <div className="mc-page mc-report" data-testid="roles-page">
      <PageHeader
        title={t("admin.roles.title")}
        subtitle={t("admin.roles.subtitle")}
        actions={<NewButton actor={editor} text={t("admin.roles.new")} testId="roles-new" />}
      />
      <ReportFilters actor={list} testId="roles-filters" buttons="none">
        <ReportSearch actor={list} label={t("admin.roles.search")} placeholder={t("admin.roles.searchHint")} testId="roles-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="roles-table" columns={columns} emptyText={t("admin.roles.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="role-row" data-name={row.name}>
            <td>
              <div>
                {row.name}{" "}
                {row.system ? (
                  <Tag minimal round>
                    {t("admin.roles.builtIn")}
                  </Tag>
                ) : null}
              </div>
              <div className="mc-perm-key">{row.description}</div>
            </td>
            <td className="mc-num">{t("admin.roles.keys", { count: row.permission_ids.length })}</td>
            <td className="mc-num">{row.users_count}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            {/* A built-in role cannot be deleted (the server refuses it too). */}
            {editor ? <RowActions actor={editor} row={row} testId="role-row" deletable={!row.system} /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <RoleDialog editor={editor} list={list} /> : null}
    </div>
  )
}

const RoleDialog = ({ editor, list }: { editor: EditorActor; list: ListActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: RoleDraft = useSelector(editor, (s) => s.context.draft)
  const row: Role | null = useSelector(editor, (s) => s.context.row)
  const meta = useSelector(list, (s) => s.context.meta)
  const taken = useFieldFailure(editor, "name")
  const change = (patch: Partial<RoleDraft>) => editor.send({ type: "CHANGE", patch })
  const permissions = meta?.permissions ?? []
  const sections = useMemo(() => sectionsOf(permissions), [permissions])
  const selected = useMemo(() => new Set(draft.permission_ids), [draft.permission_ids])
  const preview = useMemo(
    () => previewOf(aclOfKeys(row ? row.permissions : []), aclOfKeys(keysOfIds(draft.permission_ids, permissions))),
    [row, draft.permission_ids, permissions],
  )
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(row ? "admin.roles.edit" : "admin.roles.new")}
        problems="admin.problems"
        testId="role-dialog"
        marks={["name", "permission_ids"]}
      >
        <FormGroup
          label={t("admin.roles.name")}
          labelFor="role-name"
          intent={taken ? "danger" : "none"}
          helperText={taken ? failureText(taken) : undefined}
        >
          <InputGroup
            id="role-name"
            intent={taken ? "danger" : "none"}
            value={draft.name}
            onValueChange={(name) => change({ name })}
            data-testid="role-name"
          />
        </FormGroup>
        <FormGroup label={t("admin.roles.description")} labelFor="role-description">
          <InputGroup id="role-description" value={draft.description} onValueChange={(description) => change({ description })} />
        </FormGroup>
        <CapacityFields
          value={draft.capacity}
          onChange={(capacity) => change({ capacity })}
          label={t("admin.roles.capacity")}
          help={t("admin.roles.capacityHelp")}
          empty={t("admin.roles.tenantCap")}
          testId="role-capacity"
        />
        {meta?.choicesError ? (
          <Callout intent="warning">{t("admin.choicesFailed", { message: failureText(meta.choicesError) })}</Callout>
        ) : (
          <FormGroup label={t("admin.editor.legend")}>
            <PermissionEditor
              sections={sections}
              selected={selected}
              onToggle={(ids, on) => change({ permission_ids: togglePermissions(draft.permission_ids, ids, on) })}
            />
            <AccessPreviewPanel preview={preview} />
          </FormGroup>
        )}
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(role: Role) => role.name} />
    </>
  )
}
