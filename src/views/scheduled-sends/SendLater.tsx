/**
 * "Send later": a menu on the composer's send button that opens the scheduling dialog with the draft, and the dialog
 * itself (also opened by a scheduled message's Edit): the text, the time on the tenant's clock with quick choices.
 */
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, ButtonGroup, Dialog, DialogBody, DialogFooter, FormGroup, Menu, MenuItem, PopoverNext, TextArea } from "@blueprintjs/core"
import { ErrorCallout } from "../chat/chat-hooks"
import type { ScheduledTemplate } from "../../contract/groups/scheduled-sends"
import { type ScheduledSendsRef, useRunningScheduledSends } from "./use-scheduled-sends"

export const SendLaterMenu = ({
  actor,
  draft,
  disabled,
  onScheduled,
}: {
  actor: ScheduledSendsRef
  draft: string
  disabled: boolean
  /** A new send was scheduled: the composer empties its draft. */
  onScheduled: () => void
}) => {
  const { t } = useTranslation()
  const scheduled = useSelector(actor, (s) => s.context.scheduled)
  const seen = useRef(scheduled)
  useEffect(() => {
    if (scheduled === seen.current) return
    seen.current = scheduled
    onScheduled()
  }, [scheduled, onScheduled])
  return (
    <PopoverNext
      placement="top-end"
      disabled={disabled}
      content={
        <Menu>
          <MenuItem
            icon="time"
            text={t("scheduledSends.sendLater")}
            onClick={() => actor.send({ type: "OPEN", text: draft.trim() })}
            data-testid="chat-send-later"
          />
        </Menu>
      }
    >
      <Button
        intent="primary"
        icon="caret-up"
        disabled={disabled}
        aria-label={t("scheduledSends.more")}
        title={t("scheduledSends.more")}
        data-testid="chat-send-more"
      />
    </PopoverNext>
  )
}

export const ScheduleDialog = ({ actor }: { actor: ScheduledSendsRef }) => {
  const { t } = useTranslation()
  const draft = useSelector(actor, (s) => s.context.draft)
  const zone = useSelector(actor, (s) => s.context.zone)
  const failure = useSelector(actor, (s) => s.context.failure)
  const saving = useSelector(actor, (s) => s.matches({ edit: "saving" }))
  const complete = useSelector(actor, (s) => s.can({ type: "SAVE" }))
  const isNew = draft?.id === null
  return (
    <Dialog
      isOpen={draft !== null}
      onClose={() => actor.send({ type: "CLOSE" })}
      title={t(isNew ? "scheduledSends.newTitle" : "scheduledSends.editTitle")}
      icon="time"
    >
      <DialogBody>
        {failure ? <ErrorCallout failure={failure} compact testId="scheduled-dialog-error" /> : null}
        {draft?.template ? (
          <FormGroup label={t("scheduledSends.template")}>
            <div data-testid="scheduled-template">
              <strong>{draft.template.name}</strong> <span className="mc-muted">{draft.template.language}</span>
              {draft.template.params?.length ? <div className="mc-muted">{draft.template.params.join(" · ")}</div> : null}
            </div>
          </FormGroup>
        ) : (
          <FormGroup label={t("scheduledSends.message")} labelFor="scheduled-text">
            <TextArea
              id="scheduled-text"
              fill
              dir="auto"
              value={draft?.text ?? ""}
              onChange={(e) => actor.send({ type: "TEXT", text: e.currentTarget.value })}
              data-testid="scheduled-text"
            />
          </FormGroup>
        )}
        <FormGroup label={t("scheduledSends.time", { zone })} labelFor="scheduled-time">
          <input
            id="scheduled-time"
            type="datetime-local"
            className="bp6-input"
            autoFocus
            value={draft?.local ?? ""}
            onChange={(e) => actor.send({ type: "TIME", local: e.currentTarget.value })}
            data-testid="scheduled-time"
            data-zone={zone}
          />
        </FormGroup>
        <ButtonGroup>
          <Button
            icon="time"
            text={t("scheduledSends.inHour")}
            onClick={() => actor.send({ type: "QUICK", choice: "hour", now: Date.now() })}
            data-testid="scheduled-in-hour"
          />
          <Button
            icon="calendar"
            text={t("scheduledSends.tomorrow")}
            onClick={() => actor.send({ type: "QUICK", choice: "tomorrow", now: Date.now() })}
            data-testid="scheduled-tomorrow"
          />
        </ButtonGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("scheduledSends.close")} onClick={() => actor.send({ type: "CLOSE" })} />
            <Button
              intent="primary"
              icon="time"
              text={t(isNew ? "scheduledSends.schedule" : "scheduledSends.save")}
              loading={saving}
              disabled={!complete && !saving}
              onClick={() => actor.send({ type: "SAVE" })}
              data-testid="scheduled-save"
            />
          </>
        }
      />
    </Dialog>
  )
}

/** "Send later…" in the template picker: the picked template with its parameters, to the scheduling dialog. */
export const SendTemplateLater = ({ template, onPicked }: { template: ScheduledTemplate | null; onPicked: () => void }) => {
  const { t } = useTranslation()
  const actor = useRunningScheduledSends()
  if (!actor) return null
  return (
    <Button
      icon="time"
      text={t("scheduledSends.sendLater")}
      disabled={!template}
      onClick={() => {
        if (!template) return
        onPicked()
        actor.send({ type: "OPEN_TEMPLATE", template })
      }}
      data-testid="chat-template-later"
    />
  )
}
