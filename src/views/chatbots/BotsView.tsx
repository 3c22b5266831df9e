/**
 * Chatbots: the tenant's bots (/adminchatbot and the company sub-page autoReply) or the agent's own away messages
 * (/apps/addAutoReply): the list, and the editor with the flow as a graph, the selected node's fields, the flow
 * rules' findings as you edit, and the "try it" panel.
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Switch, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { flowProblems } from "../../contract/chatbots/flow-rules"
import type { BotNodeKind, BotTrigger } from "../../contract/schemas/chatbots"
import type { Channel } from "../../contract/schemas/common"
import type { BotDraft, botEditorMachine } from "../../machines/chatbots/bot-editor"
import type { botTryMachine } from "../../machines/chatbots/bot-try"
import type { botsListMachine } from "../../machines/chatbots/bots-list"
import { addNode } from "../../machines/chatbots/flow-edit"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { NewButton, useWriteNotices } from "../record-kit/RecordDialog"
import { FlowGraph } from "./FlowGraph"
import { NodeForm } from "./NodeForm"
import { TryPanel } from "./TryPanel"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./chatbots.css"

type ListActor = ActorRefFrom<ReturnType<typeof botsListMachine>>
type EditorActor = ActorRefFrom<ReturnType<typeof botEditorMachine>>
type TryActor = ActorRefFrom<typeof botTryMachine>

const CHANNELS: readonly Channel[] = ["whatsapp", "facebook", "instagram", "sms", "webchat"]
const KINDS: readonly BotNodeKind[] = ["message", "question", "condition", "action", "handoff"]

const BotsView = ({ self }: { self: boolean }) => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>(self ? "report-away-messages" : "report-chatbots")
  const editor = usePageActor<EditorActor>(self ? "away-editor" : "chatbot-editor")
  const tryer = usePageActor<TryActor>("chatbot-try")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("chatbots.name"), t("chatbots.trigger"), t("chatbots.channel"), t("chatbots.updated"), t("chatbots.active"), ""]
  const key = self ? "away" : "bots"
  return (
    <div className="mc-page mc-report" data-testid="chatbots-page">
      <PageHeader
        title={t(`chatbots.${key}.title`)}
        subtitle={t(`chatbots.${key}.subtitle`)}
        actions={<NewButton actor={editor} text={t(`chatbots.${key}.new`)} testId="chatbots-new" />}
      />
      <ReportFilters actor={list} testId="chatbots-filters" buttons="none">
        <ReportSearch actor={list} label={t("chatbots.search")} placeholder={t("chatbots.name")} testId="chatbots-search" />
      </ReportFilters>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="chatbots-table" columns={columns} emptyText={t(`chatbots.${key}.empty`)}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="chatbot-row">
            <td>{row.name}</td>
            <td>{triggerText(t, row.trigger)}</td>
            <td>{t(`chatbots.channels.${row.channel_type}`)}</td>
            <td className="mc-num">{formatDateTime(row.updated_at)}</td>
            <td>
              <Switch
                checked={row.active}
                disabled={!editor}
                aria-label={t("chatbots.active")}
                onChange={() => editor?.send({ type: "RUN", action: row.active ? "disable" : "enable", row })}
                data-testid="chatbot-active"
              />
            </td>
            <td>
              <Button
                small
                icon="edit"
                text={t("chatbots.edit")}
                disabled={!editor}
                onClick={() => editor?.send({ type: "EDIT", row })}
                data-testid="chatbot-edit"
              />
            </td>
          </tr>
        ))}
      </ReportTable>
      {editor && tryer ? <BotEditor editor={editor} tryer={tryer} self={self} /> : null}
    </div>
  )
}

const triggerText = (t: (key: string, o?: Record<string, unknown>) => string, trigger: BotTrigger): string => {
  switch (trigger.type) {
    case "keyword":
      return `${t(`chatbots.matches.${trigger.match}`)}: ${trigger.keywords.join(", ")}`
    case "button":
      return `${t("chatbots.triggers.button")}: ${trigger.payload}`
    default:
      return t(`chatbots.triggers.${trigger.type}`)
  }
}

const BotEditor = ({ editor, tryer, self }: { editor: EditorActor; tryer: TryActor; self: boolean }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const open = useSelector(editor, (s) => s.hasTag("open"))
  const busy = useSelector(editor, (s) => s.hasTag("busy"))
  const draft: BotDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const problem = useSelector(editor, (s) => s.context.problem)
  const failure = useSelector(editor, (s) => s.context.failure)
  const [selected, setSelected] = useState<string | null>(null)
  if (!open) return null
  const change = (patch: Partial<BotDraft>) => editor.send({ type: "CHANGE", patch })
  const problems = flowProblems(draft.flow, draft.trigger, self)
  const node = draft.flow.nodes.find((n) => n.id === selected) ?? null
  const trigger = draft.trigger
  return (
    <section className="mc-bot-editor" data-testid="bot-editor" aria-label={t(isNew ? "chatbots.newTitle" : "chatbots.editTitle")}>
      <h3>{t(isNew ? "chatbots.newTitle" : "chatbots.editTitle")}</h3>
      <div className="mc-bot-settings">
        <FormGroup label={t("chatbots.name")} labelFor="bot-name">
          <InputGroup id="bot-name" value={draft.name} onValueChange={(name) => change({ name })} data-testid="bot-name" />
        </FormGroup>
        <FormGroup label={t("chatbots.channel")}>
          <HTMLSelect value={draft.channel_type} onChange={(e) => change({ channel_type: e.currentTarget.value as Channel })}>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`chatbots.channels.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("chatbots.trigger")}>
          <HTMLSelect
            value={trigger.type === "keyword" ? `keyword:${trigger.match}` : trigger.type}
            onChange={(e) => {
              const v = e.currentTarget.value
              const keywords = trigger.type === "keyword" ? trigger.keywords : [""]
              if (v.startsWith("keyword:")) change({ trigger: { type: "keyword", match: v.slice(8) as "exact", keywords } })
              else if (v === "button") change({ trigger: { type: "button", payload: "MENU" } })
              else change({ trigger: { type: v as "first_message" } })
            }}
            data-testid="bot-trigger"
          >
            {(["exact", "contains", "regex"] as const).map((m) => (
              <option key={m} value={`keyword:${m}`}>
                {t(`chatbots.matches.${m}`)}
              </option>
            ))}
            {(["first_message", "outside_hours", "location", "button"] as const).map((k) => (
              <option key={k} value={k}>
                {t(`chatbots.triggers.${k}`)}
              </option>
            ))}
          </HTMLSelect>
          {trigger.type === "keyword" ? (
            <InputGroup
              value={trigger.keywords.join(", ")}
              placeholder={t("chatbots.keywords")}
              onValueChange={(v) => change({ trigger: { ...trigger, keywords: v.split(",").map((k) => k.trimStart()) } })}
              data-testid="bot-keywords"
            />
          ) : null}
          {trigger.type === "button" ? (
            <InputGroup value={trigger.payload} onValueChange={(payload) => change({ trigger: { type: "button", payload } })} />
          ) : null}
        </FormGroup>
        <Switch checked={draft.active} label={t("chatbots.active")} onChange={() => change({ active: !draft.active })} />
      </div>
      <div className="mc-bot-add">
        {KINDS.filter((k) => !self || k === "message" || k === "handoff").map((kind) => (
          <Button
            key={kind}
            icon="add"
            text={t(`chatbots.kinds.${kind}`)}
            onClick={() => {
              const flow = addNode(draft.flow, kind)
              change({ flow })
              setSelected(flow.nodes.at(-1)!.id)
            }}
            data-testid={`bot-add-${kind}`}
          />
        ))}
      </div>
      <div className="mc-bot-workspace">
        <FlowGraph flow={draft.flow} selected={selected} onSelect={setSelected} />
        <div className="mc-bot-side">
          {node ? (
            <NodeForm flow={draft.flow} node={node} onChange={(flow) => change({ flow })} onRemoved={() => setSelected(null)} />
          ) : (
            <Callout icon="hand-up">{t("chatbots.pickNode")}</Callout>
          )}
        </div>
        <TryPanel actor={tryer} flow={draft.flow} valid={problems.length === 0} />
      </div>
      {problems.length ? (
        <Callout intent="warning" icon="warning-sign" title={t("chatbots.problemsTitle")} data-testid="bot-problems">
          <ul>
            {problems.map((p) => (
              <li key={`${p.code}-${"node" in p ? p.node : p.keyword}`}>
                {t(
                  `chatbots.rules.${p.code}`,
                  "node" in p ? { node: p.node, target: "target" in p ? p.target : "" } : { keyword: p.keyword },
                )}
              </li>
            ))}
          </ul>
        </Callout>
      ) : (
        <Tag intent="success" icon="tick" data-testid="bot-valid">
          {t("chatbots.valid")}
        </Tag>
      )}
      {problem && problem !== "flowInvalid" ? <Callout intent="warning">{t(`chatbots.problems.${problem}`)}</Callout> : null}
      {failure ? (
        <Callout intent="danger" icon="error" data-testid="bot-failure">
          {t("recordKit.saveFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <div className="mc-bot-footer">
        <Button text={t("recordKit.cancel")} onClick={() => editor.send({ type: "CANCEL" })} data-testid="bot-cancel" />
        <Button
          intent="primary"
          loading={busy}
          text={t("recordKit.save")}
          onClick={() => editor.send({ type: "SAVE" })}
          data-testid="bot-save"
        />
      </div>
    </section>
  )
}

export const TenantBotsView = () => <BotsView self={false} />
export const AwayMessagesView = () => <BotsView self />
