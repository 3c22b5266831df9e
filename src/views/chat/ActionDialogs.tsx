/**
 * The dialogs behind the thread's moves: transfer (agents re-read on open, with their load), close (resolution,
 * survey), block (reason), complaint, labels and templates. Each only collects input and sends one event; the
 * conversation actor runs the call and reports back (a toast, or the server's refusal).
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Menu,
  MenuItem,
  Spinner,
  TextArea,
} from "@blueprintjs/core"
import type { Conversation } from "../../contract/schemas/chat"
import type { ChatAction } from "../../machines/chat/chat-actors"
import type { ConversationRef } from "../../machines/chat/inbox-machine"
import { ErrorCallout, useLookup, useLookupRef } from "./chat-hooks"

export type DialogKind = "transfer" | "close" | "block" | "complaint" | "labels" | "template"

interface Props {
  readonly kind: DialogKind | null
  readonly conversation: Conversation
  readonly actor: ConversationRef
  readonly onClose: () => void
}

const Loading = ({ text }: { text: string }) => (
  <div className="mc-muted">
    <Spinner size={14} /> {text}
  </div>
)

const TransferBody = ({ act, onClose }: { act: (a: ChatAction) => void; onClose: () => void }) => {
  const { t } = useTranslation()
  const ref = useLookupRef("agents")
  const { items, error, loading } = useLookup(ref, "agents")
  const [agentId, setAgentId] = useState<number | null>(null)
  const [note, setNote] = useState("")
  useEffect(() => ref.send({ type: "RELOAD" }), [ref])
  const agent = items.find((a) => a.id === agentId)
  return (
    <>
      <DialogBody>
        {error ? <ErrorCallout error={error} onRetry={() => ref.send({ type: "RELOAD" })} /> : null}
        {loading ? <Loading text={t("chat.transfer.loading")} /> : null}
        {!loading && !error && items.length === 0 ? <p className="mc-muted">{t("chat.transfer.empty")}</p> : null}
        {items.length ? (
          <FormGroup label={t("chat.transfer.agent")} labelFor="chat-transfer-agent">
            <HTMLSelect
              id="chat-transfer-agent"
              fill
              value={agentId ?? ""}
              onChange={(e) => setAgentId(Number(e.currentTarget.value) || null)}
              data-testid="chat-transfer-agent"
            >
              <option value="">{t("chat.transfer.pick")}</option>
              {items.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.display_name ?? a.username} ({a.online ? "●" : "○"}{" "}
                  {t("chat.transfer.load", { active: a.active_chats, max: a.max_chats })})
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        <FormGroup label={t("chat.transfer.note")} labelFor="chat-transfer-note">
          <TextArea id="chat-transfer-note" fill value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={t("chat.transfer.submit")}
            disabled={!agent}
            data-testid="chat-transfer-submit"
            onClick={() => {
              if (agent) act({ op: "transfer", agentId: agent.id, agentName: agent.display_name ?? agent.username, note })
              onClose()
            }}
          />
        }
      />
    </>
  )
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

const LabelsBody = ({ conversation, act }: { conversation: Conversation; act: (a: ChatAction) => void }) => {
  const { t } = useTranslation()
  const ref = useLookupRef("labels")
  const { items, error, loading } = useLookup(ref, "labels")
  useEffect(() => ref.send({ type: "NEED" }), [ref])
  return (
    <DialogBody>
      {error ? <ErrorCallout error={error} onRetry={() => ref.send({ type: "RELOAD" })} /> : null}
      {loading ? <Loading text={t("chat.labelsDialog.loading")} /> : null}
      {!loading && !error && items.length === 0 ? <p className="mc-muted">{t("chat.labelsDialog.empty")}</p> : null}
      {items.map((l) => {
        const on = conversation.labels.includes(l.name)
        return (
          <div key={l.id} data-testid="chat-label-option" data-on={on}>
            <Checkbox
              checked={on}
              labelElement={
                <span>
                  <span className="mc-label-dot" style={{ background: l.color }} /> {l.name}
                </span>
              }
              onChange={() => act({ op: "label", labelId: l.id, name: l.name, on: !on })}
            />
          </div>
        )
      })}
    </DialogBody>
  )
}

const TemplateBody = ({ actor, onClose }: { actor: ConversationRef; onClose: () => void }) => {
  const { t } = useTranslation()
  const ref = useLookupRef("templates")
  const { items, error, loading } = useLookup(ref, "templates")
  const [id, setId] = useState<number | null>(null)
  const [params, setParams] = useState("")
  useEffect(() => ref.send({ type: "NEED" }), [ref])
  const template = items.find((x) => x.id === id)
  return (
    <>
      <DialogBody>
        {error ? <ErrorCallout error={error} onRetry={() => ref.send({ type: "RELOAD" })} testId="chat-template-error" /> : null}
        {loading ? <Loading text={t("chat.template.loading")} /> : null}
        {!loading && !error && items.length === 0 ? <p className="mc-muted">{t("chat.template.empty")}</p> : null}
        {items.length ? (
          <Menu className="mc-template-list">
            {items.map((x) => (
              <MenuItem
                key={x.id}
                active={x.id === id}
                text={x.name}
                label={x.language}
                onClick={() => setId(x.id)}
                data-testid="chat-template-item"
              />
            ))}
          </Menu>
        ) : null}
        {template ? (
          <>
            <p className="mc-template-body">{template.body}</p>
            {template.params_count > 0 ? (
              <FormGroup label={t("chat.template.params")} labelFor="chat-template-params">
                <TextArea id="chat-template-params" fill value={params} onChange={(e) => setParams(e.currentTarget.value)} />
              </FormGroup>
            ) : null}
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={t("chat.template.send")}
            disabled={!template}
            data-testid="chat-template-send"
            onClick={() => {
              if (!template) return
              actor.send({
                type: "SEND",
                request: {
                  kind: "template",
                  name: template.name,
                  language: template.language,
                  params: params
                    .split("\n")
                    .map((p) => p.trim())
                    .filter(Boolean),
                },
              })
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
    </Dialog>
  )
}
