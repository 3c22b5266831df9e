/**
 * The reminder form in the record kit's dialog: name, target (a contact's number, a group or a segment), start on the
 * tenant's clock or "send now", repeat, the text, and the approved template sent outside WhatsApp's 24-hour window.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Callout, Checkbox, FormGroup, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Reminder } from "../../contract/schemas/tagging"
import { REMINDER_MESSAGE_MAX, type ReminderDraft, type Repeat, type TargetType } from "../../machines/reminders/reminder-draft"
import type { reminderEditorMachine } from "../../machines/reminders/reminder-editor"
import type { remindersListMachine } from "../../machines/reminders/reminders-list"
import { instantOf, localOf } from "../../machines/reminders/reminder-time"
import { useFailureText } from "../common/failure-text"
import { ConfirmDelete, RecordDialog } from "../record-kit/RecordDialog"

type ListActor = ActorRefFrom<typeof remindersListMachine>
type EditorActor = ActorRefFrom<typeof reminderEditorMachine>

const TARGETS: readonly TargetType[] = ["contact", "group", "segment"]
const REPEATS: readonly Repeat[] = ["once", "daily", "weekly", "monthly"]

export const ReminderDialog = ({ editor, list }: { editor: EditorActor; list: ListActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: ReminderDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const meta = useSelector(list, (s) => s.context.meta)
  const zone = meta?.zone ?? "UTC"
  const change = (patch: Partial<ReminderDraft>) => editor.send({ type: "CHANGE", patch })
  const choose = t("reminders.choose")
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "reminders.new" : "reminders.edit")}
        problems="reminders.problems"
        testId="reminder-dialog"
      >
        <FormGroup label={t("reminders.name")} labelFor="reminder-name-input">
          <InputGroup id="reminder-name-input" value={draft.name} onValueChange={(name) => change({ name })} data-testid="reminder-name" />
        </FormGroup>
        <FormGroup label={t("reminders.target")} labelFor="reminder-target-type">
          <div className="mc-reminder-row">
            <HTMLSelect
              id="reminder-target-type"
              value={draft.targetType}
              onChange={(e) => change({ targetType: e.currentTarget.value as TargetType })}
              options={TARGETS.map((value) => ({ value, label: t(`reminders.targets.${value}`) }))}
              data-testid="reminder-target-type"
            />
            {draft.targetType === "contact" ? (
              <InputGroup
                aria-label={t("reminders.number")}
                placeholder={t("reminders.numberHint")}
                value={draft.number}
                onValueChange={(number) => change({ number })}
                dir="ltr"
                data-testid="reminder-number"
              />
            ) : draft.targetType === "group" ? (
              <HTMLSelect
                aria-label={t("reminders.targets.group")}
                value={draft.groupId}
                onChange={(e) => change({ groupId: e.currentTarget.value })}
                options={[{ value: "", label: choose }, ...(meta?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))]}
                data-testid="reminder-group"
              />
            ) : (
              <HTMLSelect
                aria-label={t("reminders.targets.segment")}
                value={draft.segmentId}
                onChange={(e) => change({ segmentId: e.currentTarget.value })}
                options={[{ value: "", label: choose }, ...(meta?.segments ?? []).map((g) => ({ value: String(g.id), label: g.name }))]}
                data-testid="reminder-segment"
              />
            )}
          </div>
        </FormGroup>
        <FormGroup label={t("reminders.when", { zone })} labelFor="reminder-start">
          <div className="mc-reminder-row">
            <input
              id="reminder-start"
              type="datetime-local"
              className="bp6-input"
              disabled={draft.sendNow}
              value={localOf(draft.startAt || null, zone)}
              onChange={(e) => change({ startAt: instantOf(e.currentTarget.value, zone) })}
              data-testid="reminder-start"
            />
            <Checkbox
              checked={draft.sendNow}
              label={t("reminders.sendNow")}
              onChange={(e) => change({ sendNow: e.currentTarget.checked })}
              data-testid="reminder-send-now"
            />
          </div>
        </FormGroup>
        <FormGroup label={t("reminders.repeat")} labelFor="reminder-repeat">
          <HTMLSelect
            id="reminder-repeat"
            value={draft.repeat}
            onChange={(e) => change({ repeat: e.currentTarget.value as Repeat })}
            options={REPEATS.map((value) => ({ value, label: t(`reminders.repeats.${value}`) }))}
            data-testid="reminder-repeat"
          />
        </FormGroup>
        <FormGroup
          label={t("reminders.message")}
          labelFor="reminder-message-input"
          helperText={t("reminders.messageHelp", { count: draft.message.length, max: REMINDER_MESSAGE_MAX })}
        >
          <TextArea
            id="reminder-message-input"
            fill
            rows={3}
            value={draft.message}
            onChange={(e) => change({ message: e.currentTarget.value })}
            data-testid="reminder-message"
          />
        </FormGroup>
        <FormGroup label={t("reminders.template")} labelFor="reminder-template" helperText={t("reminders.templateHelp")}>
          <HTMLSelect
            id="reminder-template"
            value={draft.template}
            onChange={(e) => change({ template: e.currentTarget.value })}
            options={[
              { value: "", label: t("reminders.noTemplate") },
              ...(meta?.templates ?? []).map((tp) => ({ value: `${tp.name}|${tp.language}`, label: `${tp.name} (${tp.language})` })),
            ]}
            data-testid="reminder-template"
          />
        </FormGroup>
        {meta?.choicesError ? (
          <Callout intent="warning">{t("reminders.choicesFailed", { message: failureText(meta.choicesError) })}</Callout>
        ) : null}
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Reminder) => row.name} />
    </>
  )
}
