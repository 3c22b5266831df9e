/** The selected node's fields; every change sends the flow with that node replaced (machines/chatbots/flow-edit.ts). */
import { useTranslation } from "react-i18next"
import { Button, FormGroup, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core"
import type { BotFlow, BotNode, BotTest } from "../../contract/schemas/chatbots"
import { removeNode, replaceNode } from "../../machines/chatbots/flow-edit"
import { ActionFields } from "./ActionFields"

type Change = (flow: BotFlow) => void

const NextSelect = ({
  flow,
  value,
  onChange,
  testId,
}: {
  flow: BotFlow
  value: string | null | undefined
  onChange: (to: string | null) => void
  testId: string
}) => {
  const { t } = useTranslation()
  return (
    <HTMLSelect value={value ?? ""} onChange={(e) => onChange(e.currentTarget.value || null)} data-testid={testId}>
      <option value="">{t("chatbots.nowhere")}</option>
      {flow.nodes.map((n) => (
        <option key={n.id} value={n.id}>
          {n.id}
        </option>
      ))}
    </HTMLSelect>
  )
}

const TEST_KINDS = ["business_hours", "channel", "tag", "attribute"] as const
const testOf = (on: string): BotTest => {
  if (on === "channel") return { on, channel: "whatsapp" }
  if (on === "tag") return { on, tag: "vip" }
  if (on === "attribute") return { on, attribute: "email", op: "present" }
  return { on: "business_hours" }
}
export const NodeForm = ({
  flow,
  node,
  onChange,
  onRemoved,
}: {
  flow: BotFlow
  node: BotNode
  onChange: Change
  onRemoved: () => void
}) => {
  const { t } = useTranslation()
  const set = (next: BotNode) => onChange(replaceNode(flow, node.id, next))
  return (
    <div className="mc-bot-node-form" data-testid="bot-node-form">
      <FormGroup label={t("chatbots.nodeKey")} helperText={t(`chatbots.kinds.${node.kind}`)}>
        <InputGroup
          value={node.id}
          onValueChange={(id) =>
            set({
              ...node,
              id: id
                .toLowerCase()
                .replace(/[^a-z0-9_-]/g, "")
                .slice(0, 40),
            })
          }
          data-testid="bot-node-key"
        />
      </FormGroup>
      {node.kind === "message" || node.kind === "question" || node.kind === "handoff" ? (
        <FormGroup label={t("chatbots.text")}>
          <TextArea
            fill
            value={node.text ?? ""}
            onChange={(e) => set({ ...node, text: e.currentTarget.value })}
            data-testid="bot-node-text"
          />
        </FormGroup>
      ) : null}
      {node.kind === "message" ? (
        <>
          <FormGroup label={t("chatbots.choices")}>
            {(node.choices ?? []).map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a choice has no identity but its place (its title is being typed)
              <div key={i} className="mc-bot-choice">
                <InputGroup
                  value={c.title}
                  maxLength={20}
                  onValueChange={(title) => set({ ...node, choices: node.choices!.map((x, j) => (j === i ? { ...x, title } : x)) })}
                  data-testid="bot-choice-title"
                />
                <NextSelect
                  flow={flow}
                  value={c.next}
                  onChange={(next) => set({ ...node, choices: node.choices!.map((x, j) => (j === i ? { ...x, next } : x)) })}
                  testId="bot-choice-next"
                />
                <Button
                  icon="cross"
                  minimal
                  aria-label={t("chatbots.removeChoice")}
                  onClick={() => {
                    const choices = node.choices!.filter((_, j) => j !== i)
                    set(choices.length ? { ...node, choices } : { ...node, choices: undefined, style: undefined, next: null })
                  }}
                />
              </div>
            ))}
            <Button
              icon="plus"
              text={t("chatbots.addChoice")}
              onClick={() =>
                set({
                  ...node,
                  style: node.style ?? "buttons",
                  next: undefined,
                  choices: [...(node.choices ?? []), { title: t("chatbots.choice"), next: null }],
                })
              }
              data-testid="bot-add-choice"
            />
          </FormGroup>
          {node.choices?.length ? (
            <FormGroup label={t("chatbots.style")}>
              <HTMLSelect value={node.style ?? "buttons"} onChange={(e) => set({ ...node, style: e.currentTarget.value as "buttons" })}>
                <option value="buttons">{t("chatbots.buttons")}</option>
                <option value="list">{t("chatbots.list")}</option>
              </HTMLSelect>
            </FormGroup>
          ) : (
            <FormGroup label={t("chatbots.next")}>
              <NextSelect flow={flow} value={node.next} onChange={(next) => set({ ...node, next })} testId="bot-node-next" />
            </FormGroup>
          )}
        </>
      ) : null}
      {node.kind === "question" ? (
        <>
          <FormGroup label={t("chatbots.attribute")}>
            <InputGroup
              value={node.attribute}
              onValueChange={(attribute) => set({ ...node, attribute: attribute.toLowerCase().replace(/[^a-z0-9_]/g, "") })}
            />
          </FormGroup>
          <FormGroup label={t("chatbots.validation")}>
            <HTMLSelect
              value={node.validation}
              onChange={(e) => set({ ...node, validation: e.currentTarget.value as "text" })}
              data-testid="bot-node-validation"
            >
              {(["text", "number", "email", "date", "choice", "location"] as const).map((v) => (
                <option key={v} value={v}>
                  {t(`chatbots.validations.${v}`)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {node.validation === "choice" ? (
            <FormGroup label={t("chatbots.options")}>
              <InputGroup
                value={(node.options ?? []).join(", ")}
                onValueChange={(v) =>
                  set({
                    ...node,
                    options: v
                      .split(",")
                      .map((o) => o.trim().slice(0, 20))
                      .filter(Boolean),
                  })
                }
              />
            </FormGroup>
          ) : null}
          <FormGroup label={t("chatbots.next")}>
            <NextSelect flow={flow} value={node.next} onChange={(next) => set({ ...node, next })} testId="bot-node-next" />
          </FormGroup>
        </>
      ) : null}
      {node.kind === "condition" ? (
        <>
          <FormGroup label={t("chatbots.test")}>
            <HTMLSelect value={node.test.on} onChange={(e) => set({ ...node, test: testOf(e.currentTarget.value) })}>
              {TEST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`chatbots.tests.${k}`)}
                </option>
              ))}
            </HTMLSelect>
            {node.test.on === "tag" ? (
              <InputGroup value={node.test.tag} onValueChange={(tag) => set({ ...node, test: { on: "tag", tag } })} />
            ) : null}
            {node.test.on === "attribute" ? (
              <InputGroup
                value={node.test.attribute}
                onValueChange={(attribute) =>
                  set({ ...node, test: { on: "attribute", attribute: attribute.toLowerCase().replace(/[^a-z0-9_]/g, ""), op: "present" } })
                }
              />
            ) : null}
          </FormGroup>
          <FormGroup label={t("chatbots.yes")}>
            <NextSelect flow={flow} value={node.yes} onChange={(yes) => set({ ...node, yes })} testId="bot-node-yes" />
          </FormGroup>
          <FormGroup label={t("chatbots.no")}>
            <NextSelect flow={flow} value={node.no} onChange={(no) => set({ ...node, no })} testId="bot-node-no" />
          </FormGroup>
        </>
      ) : null}
      {node.kind === "action" ? (
        <>
          <ActionFields action={node.action} onChange={(action) => set({ ...node, action })} />
          <FormGroup label={t("chatbots.next")}>
            <NextSelect flow={flow} value={node.next} onChange={(next) => set({ ...node, next })} testId="bot-node-next" />
          </FormGroup>
        </>
      ) : null}
      <div className="mc-bot-node-buttons">
        <Button text={t("chatbots.makeStart")} disabled={flow.start === node.id} onClick={() => onChange({ ...flow, start: node.id })} />
        <Button
          intent="danger"
          icon="trash"
          text={t("chatbots.removeNode")}
          disabled={flow.nodes.length === 1}
          onClick={() => {
            onChange(removeNode(flow, node.id))
            onRemoved()
          }}
          data-testid="bot-remove-node"
        />
      </div>
    </div>
  )
}
