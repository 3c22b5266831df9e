/** Which agents may send a template (page actor `template-assign`): a checkbox per user of the tenant. */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { templateAssignMachine } from "../../machines/templates/template-assign"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"

type AssignActor = ActorRefFrom<typeof templateAssignMachine>

export const AssignDialog = ({ actor }: { actor: AssignActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { template, agents, picked, failure, saved } = state.context
  const seen = useRef(saved)
  useEffect(() => {
    if (saved > seen.current) void toast(t("templates.assign.saved"), "success", "template-assign-saved")
    seen.current = saved
  }, [saved, t])
  return (
    <Dialog
      isOpen={!state.matches("closed")}
      title={t("templates.assign.title", { name: template?.name ?? "" })}
      onClose={() => actor.send({ type: "CANCEL" })}
    >
      <form
        data-testid="template-assign-dialog"
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "SAVE" })
        }}
      >
        <DialogBody>
          <p>{t("templates.assign.hint")}</p>
          {state.matches("loading") ? <Spinner size={24} /> : null}
          {agents.map((a) => (
            <Checkbox
              key={a.id}
              label={a.name}
              checked={picked.includes(a.id)}
              onChange={() => actor.send({ type: "TOGGLE", userId: a.id })}
              data-testid="template-assign-agent"
            />
          ))}
          {failure ? (
            <Callout intent="danger" data-testid="template-assign-failure">
              {t("templates.assign.failed", { message: failureText(failure) })}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("templates.assign.cancel")} onClick={() => actor.send({ type: "CANCEL" })} />
              <Button
                type="submit"
                intent="primary"
                text={t("templates.assign.save")}
                disabled={picked.length === 0}
                loading={state.matches("saving")}
                data-testid="template-assign-save"
              />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
