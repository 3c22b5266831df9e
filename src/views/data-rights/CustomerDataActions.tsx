/**
 * A customer's data rights on their contact page (`customer-data` page actor): "Export data" downloads the JSON file,
 * "Erase customer" asks for the customer's number to be typed before erasing. Shown to those who hold the permission.
 */
import { useCallback, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { hasBackPermission } from "../../machines/acl/acl-machine"
import type { customerDataMachine } from "../../machines/data-rights/customer-data-machine"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"
import { useSaveFile } from "../contacts/use-save-file"

type CustomerDataRef = ActorRefFrom<typeof customerDataMachine>

const EraseDialog = ({ actor, number }: { actor: CustomerDataRef; number: string }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const s = useSelector(actor, (snapshot) => snapshot)
  const asking = s.matches("asking") || s.matches("erasing")
  return (
    <Dialog
      isOpen={asking}
      onClose={s.matches("erasing") ? undefined : () => actor.send({ type: "ERASE.CANCEL" })}
      title={t("dataRights.eraseTitle")}
      icon="trash"
    >
      <DialogBody>
        <p data-testid="erase-text">{t("dataRights.eraseText", { number })}</p>
        <FormGroup label={t("dataRights.typeNumber")} labelFor="erase-number">
          <InputGroup
            id="erase-number"
            dir="ltr"
            autoComplete="off"
            value={s.context.typed}
            disabled={s.matches("erasing")}
            data-testid="erase-number"
            onValueChange={(text) => actor.send({ type: "CONFIRM.TYPE", text })}
          />
        </FormGroup>
        {s.context.failure ? (
          <Callout intent="danger" data-testid="erase-failed">
            {t("dataRights.failed", { message: failureText(s.context.failure) })}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t("dataRights.cancel")}
              data-testid="erase-cancel"
              disabled={s.matches("erasing")}
              onClick={() => actor.send({ type: "ERASE.CANCEL" })}
            />
            <Button
              intent="danger"
              icon="trash"
              data-testid="erase-confirm"
              loading={s.matches("erasing")}
              disabled={!s.can({ type: "ERASE.CONFIRM" })}
              text={t("dataRights.eraseConfirm")}
              onClick={() => actor.send({ type: "ERASE.CONFIRM" })}
            />
          </>
        }
      />
    </Dialog>
  )
}

/** Only for those who hold the data-rights permission (a tenant admin): the page actor starts only for them. */
export const CustomerDataActions = (props: { id: number; number: string; onErased: () => void }) => {
  const acl = useAclActor()
  const may = useSelector(acl, (s) => hasBackPermission(s.context.backAcl, "data_rights"))
  return may ? <Actions {...props} /> : null
}

const Actions = ({ id, number, onErased }: { id: number; number: string; onErased: () => void }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const actor = usePageActor<CustomerDataRef>("customer-data")
  useEffect(() => actor?.send({ type: "CUSTOMER", customer: { id, number } }), [actor, id, number])
  const download = useSelector(actor ?? undefined, (s) => s?.context.download ?? null)
  const saved = useCallback(() => {
    actor?.send({ type: "DOWNLOAD.SAVED" })
    void toast(t("dataRights.exported"), "success", "customer-exported")
  }, [actor, t])
  useSaveFile(download, saved)
  useEffect(() => {
    if (!actor) return
    const sub = actor.on("erased", ({ erasure }) => {
      const rows = Object.values(erasure.counts).reduce((n, c) => n + c, 0)
      void toast(t("dataRights.erased", { rows, files: erasure.media_files }), "success", "customer-erased")
      actor.send({ type: "DONE" })
      onErased()
    })
    return () => sub.unsubscribe()
  }, [actor, onErased, t])
  const exporting = useSelector(actor ?? undefined, (s) => s?.matches("exporting") ?? false)
  const failure = useSelector(actor ?? undefined, (s) => (s?.matches("idle") ? s.context.failure : null))
  if (!actor) return null
  return (
    <section className="mc-contact-section" data-testid="customer-data">
      <h4 className="bp6-heading">{t("dataRights.title")}</h4>
      <div className="mc-media-row">
        <Button
          icon="download"
          text={exporting ? t("dataRights.exporting") : t("dataRights.export")}
          loading={exporting}
          data-testid="customer-export"
          onClick={() => actor.send({ type: "EXPORT" })}
        />
        <Button
          intent="danger"
          icon="trash"
          text={t("dataRights.erase")}
          data-testid="customer-erase"
          onClick={() => actor.send({ type: "ERASE.ASK" })}
        />
      </div>
      {failure ? (
        <Callout intent="danger" data-testid="customer-data-failed">
          {t("dataRights.failed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <EraseDialog actor={actor} number={number} />
    </section>
  )
}
