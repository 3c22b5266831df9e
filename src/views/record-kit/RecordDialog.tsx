/**
 * The record kit's view half, bound to a record editor actor (machines/common/record-editor.ts): the create/edit
 * dialog with Save and Cancel, the problem and the server's failure said in it, the delete confirmation, a row's
 * Edit and Delete buttons, and the notice after a write. Each feature gives only its form fields and words.
 */
import { type ReactNode, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core"
import type { AnyActorRef } from "xstate"
import type { Failure } from "../../machines/common/failure"
import type { RecordContext, RecordTag } from "../../machines/common/record-editor"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"

/** Any feature's record editor: the kit reads only what every editor has. */
export type AnyRecordActor = AnyActorRef

interface RecordSnapshot {
  readonly context: RecordContext<{ readonly id: number }, unknown, unknown>
  hasTag(tag: RecordTag): boolean
  matches(value: unknown): boolean
}
const useRecord = <T,>(actor: AnyRecordActor, select: (s: RecordSnapshot) => T): T => useSelector(actor, (s) => select(s as RecordSnapshot))

/** The failure of the last write, when the server named one of the form's fields (a 409 on `shortcut`). */
export const useFieldFailure = (actor: AnyRecordActor, field: string): Failure | null =>
  useRecord(actor, (s) => (s.context.failure?.field === field ? s.context.failure : null))

export const RecordDialog = ({
  actor,
  title,
  problems,
  testId,
  marks = [],
  children,
}: {
  actor: AnyRecordActor
  title: string
  /** The feature's key prefix for problems (`canned.problems`). */
  problems: string
  testId: string
  /** Fields the form marks itself when the server names them (their failure is not repeated below). */
  marks?: readonly string[]
  children: ReactNode
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const open = useRecord(actor, (s) => s.hasTag("open"))
  const busy = useRecord(actor, (s) => s.hasTag("busy"))
  const problem = useRecord(actor, (s) => s.context.problem)
  const failure = useRecord(actor, (s) => s.context.failure)
  return (
    <Dialog isOpen={open} title={title} onClose={() => actor.send({ type: "CANCEL" })}>
      <form
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "SAVE" })
        }}
      >
        <DialogBody>
          <div className="mc-record-form">{children}</div>
          {problem ? (
            <Callout intent="warning" icon="warning-sign" data-testid={`${testId}-problem`}>
              {t(`${problems}.${problem}`)}
            </Callout>
          ) : null}
          {failure && !marks.includes(failure.field ?? "") ? (
            <Callout intent="danger" icon="error" data-testid={`${testId}-failure`}>
              {t("recordKit.saveFailed", { message: failureText(failure) })}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("recordKit.cancel")} onClick={() => actor.send({ type: "CANCEL" })} data-testid={`${testId}-cancel`} />
              <Button type="submit" intent="primary" loading={busy} text={t("recordKit.save")} data-testid={`${testId}-save`} />
            </>
          }
        />
      </form>
    </Dialog>
  )
}

/** "Delete <name>?" while the editor is confirming; a failed delete stays open and says why. */
export const ConfirmDelete = ({ actor, nameOf }: { actor: AnyRecordActor; nameOf: (row: never) => string }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const confirming = useRecord(actor, (s) => s.hasTag("confirming"))
  const busy = useRecord(actor, (s) => s.hasTag("busy"))
  const row = useRecord(actor, (s) => s.context.row)
  const failure = useRecord(actor, (s) => s.context.failure)
  return (
    <Alert
      isOpen={confirming}
      intent="danger"
      icon="trash"
      loading={busy}
      confirmButtonText={t("recordKit.delete")}
      cancelButtonText={t("recordKit.cancel")}
      onConfirm={() => actor.send({ type: "CONFIRM" })}
      onCancel={() => actor.send({ type: "CANCEL" })}
    >
      <p data-testid="record-confirm-delete">{t("recordKit.confirmDelete", { name: row ? nameOf(row as never) : "" })}</p>
      {failure ? (
        <Callout intent="danger" data-testid="record-delete-failure">
          {t("recordKit.deleteFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
    </Alert>
  )
}

/** A row's Edit and Delete buttons (Edit only for records that are switched off rather than deleted). */
export const RowActions = ({
  actor,
  row,
  testId,
  deletable = true,
}: {
  actor: AnyRecordActor
  row: { id: number }
  testId: string
  deletable?: boolean
}) => {
  const { t } = useTranslation()
  return (
    <td className="mc-record-actions">
      <Button
        size="small"
        variant="minimal"
        icon="edit"
        aria-label={t("recordKit.edit")}
        title={t("recordKit.edit")}
        onClick={() => actor.send({ type: "EDIT", row })}
        data-testid={`${testId}-edit`}
      />
      {deletable ? (
        <Button
          size="small"
          variant="minimal"
          intent="danger"
          icon="trash"
          aria-label={t("recordKit.delete")}
          title={t("recordKit.delete")}
          onClick={() => actor.send({ type: "DELETE", row })}
          data-testid={`${testId}-delete`}
        />
      ) : null}
    </td>
  )
}

/** The "New" button of a record screen's header. */
export const NewButton = ({ actor, text, testId }: { actor: AnyRecordActor | null; text: string; testId: string }) => (
  <Button intent="primary" icon="plus" text={text} disabled={!actor} onClick={() => actor?.send({ type: "NEW" })} data-testid={testId} />
)

/** "Saved" after each successful write (the editor's `saved` count grows); a failed one-click action as a toast. */
export const useWriteNotices = (actor: AnyRecordActor | null) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const saved = useSelector(actor ?? undefined, (s) => (s as RecordSnapshot | undefined)?.context.saved ?? 0)
  const failure = useSelector(actor ?? undefined, (s) => {
    const snap = s as RecordSnapshot | undefined
    return snap?.matches({ record: "closed" }) ? snap.context.failure : null
  })
  const seen = useRef(saved)
  useEffect(() => {
    if (saved > seen.current) void toast(t("recordKit.saved"), "success", "record-saved")
    seen.current = saved
  }, [saved, t])
  useEffect(() => {
    if (failure) void toast(t("recordKit.actionFailed", { message: failureText(failure) }), "danger", "record-action-failed")
  }, [failure, t, failureText])
}
