/** The create/edit dialog of a small record (contact group, flag) on its editor page actor (editor-machine.ts). */
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { createEditorMachine } from "../../machines/contacts/editor-machine"
import { useFailureText } from "../common/failure-text"

export type EditorRef = ActorRefFrom<ReturnType<typeof createEditorMachine>>

export interface EditorField {
  readonly key: string
  readonly label: string
  readonly type?: "text" | "color"
}

export const EditorDialog = ({
  actor,
  title,
  fields,
  onSaved,
  testId,
}: {
  actor: EditorRef
  title: (isNew: boolean) => string
  fields: readonly EditorField[]
  onSaved: () => void
  testId: string
}) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const context = useSelector(actor, (s) => s.context)
  const open = useSelector(actor, (s) => !s.hasTag("closed"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  useEffect(() => {
    const subscription = actor.on("saved", onSaved)
    return () => subscription.unsubscribe()
  }, [actor, onSaved])
  return (
    <Dialog isOpen={open} onClose={() => actor.send({ type: "CLOSE" })} title={title(context.id === null)}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: "SAVE" })
        }}
      >
        <DialogBody>
          {fields.map((field) => (
            <FormGroup key={field.key} label={field.label} labelFor={`${testId}-${field.key}`}>
              <InputGroup
                id={`${testId}-${field.key}`}
                type={field.type ?? "text"}
                value={context.draft[field.key] ?? ""}
                disabled={saving}
                data-testid={`${testId}-${field.key}`}
                onValueChange={(value) => actor.send({ type: "EDIT", patch: { [field.key]: value } })}
              />
            </FormGroup>
          ))}
          {context.failure ? (
            <Callout intent="danger" data-testid={`${testId}-failed`}>
              {failureText(context.failure)}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("contacts.editor.cancel")} onClick={() => actor.send({ type: "CLOSE" })} />
              <Button type="submit" intent="primary" loading={saving} text={t("contacts.editor.save")} data-testid={`${testId}-save`} />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
