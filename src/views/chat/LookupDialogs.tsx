/**
 * The dialogs that pick from one of the inbox's lists (chat-lookup-*): transfer to an agent (agents re-read on
 * open, with their load), labels, and a template to send. The rest of the thread's dialogs are ActionDialogs.tsx.
 */
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Checkbox, DialogBody, DialogFooter, FormGroup, HTMLSelect, Menu, MenuItem, Spinner, TextArea } from "@blueprintjs/core"
import type { Conversation } from "../../contract/schemas/chat"
import type { ChatAction } from "../../machines/chat/chat-actors"
import type { ConversationRef } from "../../machines/chat/inbox-machine"
import { ErrorCallout, useLookup, useLookupRef } from "./chat-hooks"
import { SendTemplateLater } from "../scheduled-sends/SendLater"

const Loading = ({ text }: { text: string }) => (
  <div className="mc-muted">
    <Spinner size={14} /> {text}
  </div>
)

export const TransferBody = ({ act, onClose }: { act: (a: ChatAction) => void; onClose: () => void }) => {
  const { t } = useTranslation()
  const ref = useLookupRef("agents")
  const { items, failure, loading } = useLookup(ref, "agents")
  const [agentId, setAgentId] = useState<number | null>(null)
  const [note, setNote] = useState("")
  useEffect(() => ref.send({ type: "RELOAD" }), [ref])
  const agent = items.find((a) => a.id === agentId)
  return (
    <>
      <DialogBody>
        {failure ? <ErrorCallout failure={failure} onRetry={() => ref.send({ type: "RETRY" })} /> : null}
        {loading ? <Loading text={t("chat.transfer.loading")} /> : null}
        {!loading && !failure && items.length === 0 ? <p className="mc-muted">{t("chat.transfer.empty")}</p> : null}
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

export const LabelsBody = ({ conversation, act }: { conversation: Conversation; act: (a: ChatAction) => void }) => {
  const { t } = useTranslation()
  const ref = useLookupRef("labels")
  const { items, failure, loading } = useLookup(ref, "labels")
  useEffect(() => ref.send({ type: "NEED" }), [ref])
  return (
    <DialogBody>
      {failure ? <ErrorCallout failure={failure} onRetry={() => ref.send({ type: "RETRY" })} /> : null}
      {loading ? <Loading text={t("chat.labelsDialog.loading")} /> : null}
      {!loading && !failure && items.length === 0 ? <p className="mc-muted">{t("chat.labelsDialog.empty")}</p> : null}
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

export const TemplateBody = ({ actor, onClose }: { actor: ConversationRef; onClose: () => void }) => {
  const { t } = useTranslation()
  const ref = useLookupRef("templates")
  const { items, failure, loading } = useLookup(ref, "templates")
  const [id, setId] = useState<number | null>(null)
  const [params, setParams] = useState("")
  useEffect(() => ref.send({ type: "NEED" }), [ref])
  const template = items.find((x) => x.id === id)
  const paramList = params
    .split("\n")
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <>
      <DialogBody>
        {failure ? <ErrorCallout failure={failure} onRetry={() => ref.send({ type: "RETRY" })} testId="chat-template-error" /> : null}
        {loading ? <Loading text={t("chat.template.loading")} /> : null}
        {!loading && !failure && items.length === 0 ? <p className="mc-muted">{t("chat.template.empty")}</p> : null}
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
          <>
            <SendTemplateLater
              template={template ? { name: template.name, language: template.language, params: paramList } : null}
              onPicked={onClose}
            />
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
                    params: paramList,
                  },
                })
                onClose()
              }}
            />
          </>
        }
      />
    </>
  )
}
