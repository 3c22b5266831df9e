/**
 * The dialogs behind the thread's moves: transfer, close (resolution, survey), block (reason), complaint (at most
 * 800 characters, as the complaint details dialog), labels, templates and products (the ones picking from a list are
 * LookupDialogs.tsx and ProductPicker.tsx). Each only collects input and sends one event; the conversation actor runs the call and
 * reports back (a toast, or the server's refusal).
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, TextArea } from "@blueprintjs/core"
import type { Conversation } from "../../contract/schemas/chat"
import type { ChatAction } from "../../machines/chat/chat-actors"
import type { ConversationRef } from "../../machines/chat/inbox-machine"
import { NOTE_MAX } from "../../machines/complaints/complaint-machine"
import { LabelsBody, TemplateBody, TransferBody } from "./LookupDialogs"
import { ProductsBody } from "./ProductPicker"

export type DialogKind = "transfer" | "close" | "block" | "complaint" | "labels" | "template" | "products"

interface Props {
  readonly kind: DialogKind | null
  readonly conversation: Conversation
  readonly actor: ConversationRef
  readonly onClose: () => void
}

const CloseBody = ({ act, onClose }: { act: (a: ChatAction) => void; onClose: () => void }) => {
  const { t } = useTranslation()
  const [resolution, setResolution] = useState("")
  const [survey, setSurvey] = useState(false)
  return (
    <>
      <DialogBody>
        <FormGroup label={t("chat.closeDialog.resolution")} labelFor="chat-close-resolution">
          <TextArea
            id="chat-close-resolution"
            fill
            autoFocus
            value={resolution}
            onChange={(e) => setResolution(e.currentTarget.value)}
            maxLength={500}
          />
        </FormGroup>
        <Checkbox checked={survey} label={t("chat.closeDialog.survey")} onChange={(e) => setSurvey(e.currentTarget.checked)} />
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={t("chat.closeDialog.submit")}
            data-testid="chat-close-submit"
            onClick={() => {
              act({ op: "close", resolution, survey })
              onClose()
            }}
          />
        }
      />
    </>
  )
}

const BlockBody = ({ act, onClose }: { act: (a: ChatAction) => void; onClose: () => void }) => {
  const { t } = useTranslation()
  const [reason, setReason] = useState("")
  return (
    <>
      <DialogBody>
        <FormGroup label={t("chat.blockDialog.reason")} labelFor="chat-block-reason">
          <InputGroup id="chat-block-reason" autoFocus value={reason} onValueChange={setReason} maxLength={300} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="danger"
            text={t("chat.blockDialog.submit")}
            data-testid="chat-block-submit"
            onClick={() => {
              act({ op: "block", reason })
              onClose()
            }}
          />
        }
      />
    </>
  )
}

const ComplaintBody = ({ act, onClose }: { act: (a: ChatAction) => void; onClose: () => void }) => {
  const { t } = useTranslation()
  const [category, setCategory] = useState("")
  const [message, setMessage] = useState("")
  return (
    <>
      <DialogBody>
        <FormGroup label={t("chat.complaintDialog.category")} labelFor="chat-complaint-category">
          <InputGroup id="chat-complaint-category" value={category} onValueChange={setCategory} maxLength={60} />
        </FormGroup>
        <FormGroup label={t("chat.complaintDialog.message")} labelFor="chat-complaint-message">
          <TextArea
            id="chat-complaint-message"
            fill
            autoFocus
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={NOTE_MAX}
            data-testid="chat-complaint-message"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={t("chat.complaintDialog.submit")}
            disabled={!message.trim()}
            data-testid="chat-complaint-submit"
            onClick={() => {
              act({ op: "complaint", category, message })
              onClose()
            }}
          />
        }
      />
    </>
  )
}

const TITLES: Record<DialogKind, string> = {
  transfer: "chat.transfer.title",
  close: "chat.closeDialog.title",
  block: "chat.blockDialog.title",
  complaint: "chat.complaintDialog.title",
  labels: "chat.labelsDialog.title",
  template: "chat.template.title",
  products: "chat.products.title",
}

export const ActionDialogs = ({ kind, conversation, actor, onClose }: Props) => {
  const { t } = useTranslation()
  const act = (action: ChatAction) => actor.send({ type: "ACT", action })
  return (
    <Dialog isOpen={kind !== null} onClose={onClose} title={kind ? t(TITLES[kind]) : ""} data-testid={`chat-dialog-${kind ?? "none"}`}>
      {kind === "transfer" ? <TransferBody act={act} onClose={onClose} /> : null}
      {kind === "close" ? <CloseBody act={act} onClose={onClose} /> : null}
      {kind === "block" ? <BlockBody act={act} onClose={onClose} /> : null}
      {kind === "complaint" ? <ComplaintBody act={act} onClose={onClose} /> : null}
      {kind === "labels" ? <LabelsBody conversation={conversation} act={act} /> : null}
      {kind === "template" ? <TemplateBody actor={actor} onClose={onClose} /> : null}
      {kind === "products" ? <ProductsBody actor={actor} onClose={onClose} /> : null}
    </Dialog>
  )
}
