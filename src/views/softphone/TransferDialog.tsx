/**
 * The transfer dialog of the softphone (Alt+T or the Transfer button on a connected call; Warm transfer on a held
 * one, which names the colleague to consult first): a combobox over the
 * tenant's extensions (name, number, online or not). Typing filters the list, the arrow keys move the highlight,
 * Enter or Transfer sends the highlighted extension, or what was typed when none is (a desk phone's number, say).
 * What is typed, the list and the highlight live in the softphone machine; this only shows them and sends events.
 */
import type { FormEvent, KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Icon, InputGroup, Intent } from "@blueprintjs/core"
import type { SoftphoneActor } from "../../machines/softphone/softphone-machine"
import { ComboOption } from "../common/ComboOption"
import {
  selectExtensionsLoad,
  selectRemote,
  selectTransferActive,
  selectTransferChoices,
  selectTransferPick,
  selectTransferQuery,
  selectTransferStep,
  selectTransferWarm,
} from "../../machines/softphone/softphone-selectors"

const LIST_ID = "softphone-transfer-list"
const optionId = (extension: string) => `softphone-transfer-option-${extension}`

export const TransferDialog = ({ actor }: { actor: SoftphoneActor }) => {
  const { t } = useTranslation()
  const open = useSelector(actor, selectTransferStep) === "choosing"
  const remote = useSelector(actor, selectRemote) ?? ""
  const query = useSelector(actor, selectTransferQuery)
  const choices = useSelector(actor, selectTransferChoices)
  const active = useSelector(actor, selectTransferActive)
  const load = useSelector(actor, selectExtensionsLoad)
  const pick = useSelector(actor, selectTransferPick)
  const warm = useSelector(actor, selectTransferWarm)
  const activeChoice = active === null ? undefined : choices[active]
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: "TRANSFER", target: pick })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return
    event.preventDefault()
    actor.send({ type: "TRANSFER_MOVE", by: event.key === "ArrowDown" ? 1 : -1 })
  }
  const status = (registered: boolean) => t(registered ? "pbx.transferRegistered" : "pbx.transferNotRegistered")
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: "TRANSFER_CANCEL" })}
      title={t(warm ? "pbx.warmTitle" : "pbx.transferTitle")}
      icon="exchange"
      className="mc-transfer-dialog"
    >
      <form onSubmit={onSubmit}>
        <DialogBody>
          <p>{t(warm ? "pbx.warmIntro" : "pbx.transferIntro", { remote })}</p>
          <FormGroup label={t("pbx.transferTarget")} labelFor="softphone-transfer-target">
            <InputGroup
              id="softphone-transfer-target"
              large
              autoFocus
              autoComplete="off"
              role="combobox"
              aria-expanded
              aria-controls={LIST_ID}
              aria-autocomplete="list"
              aria-activedescendant={activeChoice ? optionId(activeChoice.extension) : undefined}
              placeholder={t("pbx.transferPlaceholder")}
              value={query}
              onValueChange={(text) => actor.send({ type: "TRANSFER_FILTER", text })}
              onKeyDown={onKeyDown}
              data-testid="softphone-transfer-target"
            />
          </FormGroup>
          <div
            id={LIST_ID}
            role="listbox"
            aria-label={t("pbx.transferListLabel")}
            aria-busy={load === "loading"}
            className={`${Classes.MENU} mc-transfer-list`}
            data-testid="softphone-transfer-list"
          >
            {choices.map((choice, index) => (
              <ComboOption
                key={choice.extension}
                id={optionId(choice.extension)}
                active={index === active}
                label={t("pbx.transferChoice", { name: choice.name, extension: choice.extension, status: status(choice.registered) })}
                onChoose={() => actor.send({ type: "TRANSFER", target: choice.extension })}
                testId="softphone-transfer-option"
                data={{ extension: choice.extension, registered: choice.registered }}
              >
                <Icon
                  icon="full-circle"
                  size={10}
                  intent={choice.registered ? Intent.SUCCESS : Intent.NONE}
                  className={Classes.MENU_ITEM_ICON}
                  aria-hidden
                />
                <span className={Classes.FILL}>{choice.name}</span>
                <span className={Classes.MENU_ITEM_LABEL}>
                  <bdi>{choice.extension}</bdi> · {status(choice.registered)}
                </span>
              </ComboOption>
            ))}
          </div>
          {load === "loading" ? <p className={Classes.TEXT_MUTED}>{t("pbx.transferLoading")}</p> : null}
          {load === "failed" ? (
            <Callout compact intent={Intent.WARNING} data-testid="softphone-transfer-list-failed">
              {t("pbx.transferListFailed")}
            </Callout>
          ) : null}
          {load === "ready" && choices.length === 0 && query.trim() !== "" ? (
            <p className={Classes.TEXT_MUTED} role="status">
              {t("pbx.transferNoMatch")}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t("pbx.cancel")} onClick={() => actor.send({ type: "TRANSFER_CANCEL" })} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon={warm ? "phone" : "exchange"}
                text={t(warm ? "pbx.warmConfirm" : "pbx.transferConfirm")}
                data-testid="softphone-transfer-confirm"
              />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
