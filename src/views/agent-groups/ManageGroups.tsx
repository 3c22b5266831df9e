/**
 * The managers' tab of team chat: every group of the tenant on `report-agent-groups` (search, pages), the
 * `agent-group-editor` dialog that creates (with first members), renames, describes and deletes one, and the
 * `agent-group-members` dialog that adds and removes members one at a time.
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Spinner, Tag, TextArea } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { AgentGroup, Colleague } from "../../contract/schemas/agent-groups"
import type { GroupDraft, groupEditorMachine } from "../../machines/agent-groups/group-editor"
import type { groupMembersMachine } from "../../machines/agent-groups/group-members-machine"
import type { groupsListMachine } from "../../machines/agent-groups/groups-list"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof groupsListMachine>
type EditorActor = ActorRefFrom<typeof groupEditorMachine>
type MembersActor = ActorRefFrom<typeof groupMembersMachine>

const nameOf = (u: { display_name: string | null; username: string }) => u.display_name || u.username

export const ManageGroups = ({ colleagues }: { colleagues: readonly Colleague[] }) => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-agent-groups")
  const editor = usePageActor<EditorActor>("agent-group-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const [membersOf, setMembersOf] = useState<AgentGroup | null>(null)
  const columns = [
    t("agentGroups.manage.name"),
    t("agentGroups.manage.membersCount"),
    t("agentGroups.manage.lastMessage"),
    t("recordKit.actions"),
  ]
  return (
    <div className="mc-team-manage mc-report" data-testid="team-manage">
      <p className="mc-team-subtitle">{t("agentGroups.manage.subtitle")}</p>
      <ReportFilters actor={list} testId="groups-filters" buttons="none">
        <ReportSearch
          actor={list}
          label={t("agentGroups.manage.search")}
          placeholder={t("agentGroups.manage.name")}
          testId="groups-search"
        />
      </ReportFilters>
      <div className="mc-team-actions">
        <NewButton actor={editor} text={t("agentGroups.manage.new")} testId="groups-new" />
      </div>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="groups-table" columns={columns} emptyText={t("agentGroups.manage.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="group-row" data-name={row.name}>
            <td>
              <strong>{row.name}</strong>
              {row.description ? <div className="bp6-text-muted">{row.description}</div> : null}
            </td>
            <td className="mc-num">
              <Button
                size="small"
                variant="minimal"
                icon="people"
                text={String(row.members_count)}
                aria-label={t("agentGroups.manage.membersButton")}
                title={t("agentGroups.manage.membersButton")}
                onClick={() => setMembersOf(row)}
                data-testid="group-row-members"
              />
            </td>
            <td className="mc-num">{row.last_message_at ? formatDateTime(row.last_message_at) : t("agentGroups.manage.never")}</td>
            {editor ? <RowActions actor={editor} row={row} testId="group-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <GroupDialog editor={editor} colleagues={colleagues} /> : null}
      {membersOf ? <MembersDialog group={membersOf} onClose={() => setMembersOf(null)} /> : null}
    </div>
  )
}

const GroupDialog = ({ editor, colleagues }: { editor: EditorActor; colleagues: readonly Colleague[] }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: GroupDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const taken = useFieldFailure(editor, "name")
  const change = (patch: Partial<GroupDraft>) => editor.send({ type: "CHANGE", patch })
  const toggle = (id: number, on: boolean) =>
    change({ member_ids: on ? [...draft.member_ids, id] : draft.member_ids.filter((other) => other !== id) })
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "agentGroups.manage.new" : "agentGroups.manage.edit")}
        problems="agentGroups.problems"
        testId="group-dialog"
        marks={["name"]}
      >
        <FormGroup
          label={t("agentGroups.manage.name")}
          labelFor="group-name-input"
          intent={taken ? "danger" : "none"}
          helperText={taken ? failureText(taken) : undefined}
        >
          <InputGroup
            id="group-name-input"
            intent={taken ? "danger" : "none"}
            value={draft.name}
            onValueChange={(name) => change({ name })}
            data-testid="group-name"
          />
        </FormGroup>
        <FormGroup label={t("agentGroups.manage.description")} labelFor="group-description-input">
          <TextArea
            id="group-description-input"
            fill
            value={draft.description}
            onChange={(e) => change({ description: e.currentTarget.value })}
            data-testid="group-description"
          />
        </FormGroup>
        {isNew ? (
          <FormGroup label={t("agentGroups.manage.startWith")} helperText={t("agentGroups.manage.startWithHelp")}>
            <div className="mc-team-pick" data-testid="group-pick">
              {colleagues.map((c) => (
                <Checkbox
                  key={c.id}
                  label={nameOf(c)}
                  checked={draft.member_ids.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                  data-name={c.username}
                />
              ))}
            </div>
          </FormGroup>
        ) : null}
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: AgentGroup) => row.name} />
    </>
  )
}

const MembersDialog = ({ group, onClose }: { group: AgentGroup; onClose: () => void }) => {
  const { t } = useTranslation()
  const actor = usePageActor<MembersActor>("agent-group-members", { groupId: group.id })
  return (
    <Dialog isOpen title={t("agentGroups.manage.membersTitle", { name: group.name })} onClose={onClose} icon="people">
      <DialogBody>{actor ? <Members actor={actor} /> : <Spinner size={24} />}</DialogBody>
    </Dialog>
  )
}

const Members = ({ actor }: { actor: MembersActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const members = useSelector(actor, (s) => s.context.members)
  const candidates = useSelector(actor, (s) => s.context.candidates)
  const failure = useSelector(actor, (s) => s.context.failure)
  const busy = useSelector(actor, (s) => !s.matches("ready") && !s.matches("failed"))
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const [pick, setPick] = useState("")
  const chosen = candidates.some((c) => String(c.id) === pick) ? pick : ""
  return (
    <div className="mc-team-members" data-testid="group-members">
      {failure ? (
        <Callout intent="danger">
          {failureText(failure)}{" "}
          {failed ? <Button size="small" text={t("agentGroups.retry")} onClick={() => actor.send({ type: "RETRY" })} /> : null}
        </Callout>
      ) : null}
      {members.map((m) => (
        <div key={m.id} className="mc-team-member" data-testid="group-member" data-name={m.username}>
          <span>{nameOf(m)}</span>
          {m.role === "owner" ? <Tag minimal>{t("agentGroups.manage.owner")}</Tag> : null}
          <Button
            size="small"
            variant="minimal"
            intent="danger"
            icon="cross"
            text={t("agentGroups.manage.remove")}
            disabled={busy}
            onClick={() => actor.send({ type: "REMOVE", userId: m.id })}
            data-testid="group-member-remove"
          />
        </div>
      ))}
      {candidates.length === 0 && !busy ? (
        <p className="bp6-text-muted">{t("agentGroups.manage.nobodyToAdd")}</p>
      ) : (
        <div className="mc-team-member">
          <HTMLSelect
            aria-label={t("agentGroups.manage.addMember")}
            value={chosen}
            onChange={(e) => setPick(e.currentTarget.value)}
            data-testid="group-member-pick"
            options={[
              { value: "", label: t("agentGroups.manage.pickMember") },
              ...candidates.map((c) => ({ value: String(c.id), label: nameOf(c) })),
            ]}
          />
          <Button
            icon="add"
            intent="primary"
            text={t("agentGroups.manage.add")}
            disabled={busy || !chosen}
            loading={busy}
            onClick={() => actor.send({ type: "ADD", userId: Number(chosen) })}
            data-testid="group-member-add"
          />
        </div>
      )}
    </div>
  )
}
