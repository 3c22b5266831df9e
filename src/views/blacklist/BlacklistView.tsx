/**
 * Revoked tokens (/apps/blacklist-token): the tenant's revocations on `report-blacklist` (only a hint of each token:
 * the server keeps its hash), the `revoke-editor` dialog that revokes one and takes one back, and the `cache-clear`
 * button that says which caches it cleared.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, InputGroup, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { BlacklistedToken } from "../../contract/schemas/security"
import type { cacheClearMachine } from "../../machines/blacklist/cache-clear"
import type { RevokeDraft, revokeEditorMachine } from "../../machines/blacklist/revoke-editor"
import type { revokedListMachine } from "../../machines/blacklist/revoked-list"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ConfirmDelete, NewButton, RecordDialog, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"

type ListActor = ActorRefFrom<typeof revokedListMachine>
type EditorActor = ActorRefFrom<typeof revokeEditorMachine>
type CacheActor = ActorRefFrom<typeof cacheClearMachine>

export const BlacklistView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-blacklist")
  const editor = usePageActor<EditorActor>("revoke-editor")
  const cache = usePageActor<CacheActor>("cache-clear")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("blacklist.token"), t("blacklist.reason"), t("blacklist.revoked"), t("blacklist.expires"), t("recordKit.actions")]
  return (
    <div className="mc-page mc-report" data-testid="blacklist-page">
      <PageHeader
        title={t("blacklist.title")}
        subtitle={t("blacklist.subtitle")}
        actions={
          <>
            {cache ? <ClearCache cache={cache} /> : null} <NewButton actor={editor} text={t("blacklist.new")} testId="revoke-new" />
          </>
        }
      />
      {cache ? <CacheResultLine cache={cache} /> : null}
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="revoked-table" columns={columns} emptyText={t("blacklist.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="revoked-row">
            <td dir="ltr" className="mc-num">
              {row.token_hint}
            </td>
            <td>{row.reason ?? ""}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
            <td className="mc-num">{row.expires_at ? formatDateTime(row.expires_at) : t("blacklist.never")}</td>
            <td className="mc-record-actions">
              {editor ? (
                <Button
                  size="small"
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t("blacklist.restore")}
                  title={t("blacklist.restore")}
                  onClick={() => editor.send({ type: "DELETE", row })}
                  data-testid="revoked-row-delete"
                />
              ) : null}
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor ? <RevokeDialog editor={editor} /> : null}
    </div>
  )
}

const ClearCache = ({ cache }: { cache: CacheActor }) => {
  const { t } = useTranslation()
  const busy = useSelector(cache, (s) => s.hasTag("busy"))
  return (
    <Button
      icon="refresh"
      loading={busy}
      text={t("blacklist.clearCache")}
      onClick={() => cache.send({ type: "CLEAR" })}
      data-testid="cache-clear"
    />
  )
}

const CacheResultLine = ({ cache }: { cache: CacheActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const result = useSelector(cache, (s) => s.context.result)
  const failure = useSelector(cache, (s) => s.context.failure)
  if (failure) return <Callout intent="danger">{failureText(failure)}</Callout>
  if (!result) return null
  return (
    <Callout intent="success" data-testid="cache-result">
      {t("blacklist.cacheCleared", {
        caches: result.caches.map((name) => t(`blacklist.caches.${name}`)).join(", "),
        n: result.cleared,
      })}
    </Callout>
  )
}

const RevokeDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: RevokeDraft = useSelector(editor, (s) => s.context.draft)
  const wrong = useFieldFailure(editor, "token")
  const change = (patch: Partial<RevokeDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <>
      <RecordDialog actor={editor} title={t("blacklist.new")} problems="blacklist.problems" testId="revoke-dialog" marks={["token"]}>
        <FormGroup
          label={t("blacklist.token")}
          labelFor="revoke-token-input"
          intent={wrong ? "danger" : "none"}
          helperText={wrong ? failureText(wrong) : t("blacklist.tokenHelp")}
        >
          <TextArea
            id="revoke-token-input"
            dir="ltr"
            fill
            intent={wrong ? "danger" : "none"}
            value={draft.token}
            onChange={(e) => change({ token: e.currentTarget.value })}
            data-testid="revoke-token"
          />
        </FormGroup>
        <FormGroup label={t("blacklist.reason")} labelFor="revoke-reason-input">
          <InputGroup
            id="revoke-reason-input"
            value={draft.reason}
            onValueChange={(reason) => change({ reason })}
            data-testid="revoke-reason"
          />
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: BlacklistedToken) => row.token_hint} />
    </>
  )
}
