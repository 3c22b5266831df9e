/**
 * The blind-transfer dialog of the softphone (Alt+T or the Transfer button on a connected call): the target's
 * extension, then Transfer. It only sends what was typed; the softphone machine decides what happens.
 */
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from "@blueprintjs/core"
import type { SoftphoneActor } from "../../machines/softphone/softphone-machine"
import { selectRemote, selectTransferStep } from "../../machines/softphone/softphone-selectors"

export const TransferDialog = ({ actor }: { actor: SoftphoneActor }) => {
  const { t } = useTranslation()
  const open = useSelector(actor, selectTransferStep) === "choosing"
  const remote = useSelector(actor, selectRemote) ?? ""
  const [target, setTarget] = useState("")
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: "TRANSFER", target })
  }
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: "TRANSFER_CANCEL" })}
      onOpening={() => setTarget("")}
      title={t("pbx.transferTitle")}
      icon="exchange"
      className="mc-transfer-dialog"
    >
      <form onSubmit={onSubmit}>
        <DialogBody>
          <p>{t("pbx.transferIntro", { remote })}</p>
          <FormGroup label={t("pbx.transferTarget")} labelFor="softphone-transfer-target">
            <InputGroup
              id="softphone-transfer-target"
              large
              autoFocus
              inputMode="tel"
              autoComplete="off"
              placeholder={t("pbx.transferPlaceholder")}
              value={target}
              onValueChange={setTarget}
              data-testid="softphone-transfer-target"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("pbx.cancel")} onClick={() => actor.send({ type: "TRANSFER_CANCEL" })} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="exchange"
                text={t("pbx.transferConfirm")}
                data-testid="softphone-transfer-confirm"
              />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
