/** An action node's fields: what it does, its one value (a tag, an id, a ticket's subject) and the commerce actions' own. */
import { useTranslation } from "react-i18next"
import { FormGroup, HTMLSelect, InputGroup, Switch } from "@blueprintjs/core"
import { isCommerceAction } from "../../contract/chatbots/commerce-replies"
import { type BotAction, MAX_BOT_LIST } from "../../contract/schemas/chatbots"

const ACTIONS = ["tag", "open_ticket", "assign_agent", "assign_group", "flag", "label", "send_nearest", "send_products"] as const
const actionOf = (kind: string, value: string): BotAction => {
  const id = Math.max(1, Number.parseInt(value, 10) || 1)
  switch (kind) {
    case "open_ticket":
      return value ? { do: kind, subject: value } : { do: kind }
    case "assign_agent":
      return { do: kind, agent_id: id }
    case "assign_group":
      return { do: kind, group_id: id }
    case "flag":
      return { do: kind, flag_id: id }
    case "label":
      return { do: kind, label_id: id }
    case "send_nearest":
      return { do: kind, count: 3 }
    case "send_products":
      return { do: kind, limit: 5 }
    default:
      return { do: "tag", tag: value || "bot" }
  }
}
const actionValue = (a: BotAction): string => {
  switch (a.do) {
    case "tag":
      return a.tag
    case "open_ticket":
      return a.subject ?? ""
    case "assign_agent":
      return String(a.agent_id)
    case "assign_group":
      return String(a.group_id)
    case "flag":
      return String(a.flag_id)
    case "label":
      return String(a.label_id)
    default:
      return ""
  }
}

/** A whole number typed into a field, kept within 1..max. */
const countOf = (value: string, max: number) => Math.min(max, Math.max(1, Number.parseInt(value, 10) || 1))

/** The commerce actions' own fields: how many, and where from (a location attribute; a catalogue and/or a search). */
const CommerceFields = ({ action, onChange }: { action: BotAction; onChange: (action: BotAction) => void }) => {
  const { t } = useTranslation()
  if (action.do === "send_nearest")
    return (
      <>
        <FormGroup label={t("chatbots.nearestCount")}>
          <InputGroup
            type="number"
            value={String(action.count)}
            onValueChange={(v) => onChange({ ...action, count: countOf(v, MAX_BOT_LIST) })}
            data-testid="bot-action-count"
          />
        </FormGroup>
        <Switch
          checked={action.open_only ?? false}
          label={t("chatbots.openOnly")}
          onChange={() => onChange({ ...action, open_only: !(action.open_only ?? false) })}
        />
        <FormGroup label={t("chatbots.locationAttribute")} helperText={t("chatbots.locationAttributeHelp")}>
          <InputGroup
            value={action.attribute ?? ""}
            onValueChange={(v) => {
              const attribute = v.toLowerCase().replace(/[^a-z0-9_]/g, "")
              const { attribute: _, ...rest } = action
              onChange(attribute ? { ...rest, attribute } : rest)
            }}
            data-testid="bot-action-attribute"
          />
        </FormGroup>
      </>
    )
  if (action.do === "send_products")
    return (
      <>
        <FormGroup label={t("chatbots.productSearch")}>
          <InputGroup
            value={action.search ?? ""}
            onValueChange={(v) => {
              const { search: _, ...rest } = action
              onChange(v ? { ...rest, search: v.slice(0, 100) } : rest)
            }}
            data-testid="bot-action-search"
          />
        </FormGroup>
        <FormGroup label={t("chatbots.catalogueId")}>
          <InputGroup
            type="number"
            value={action.catalogue_id === undefined ? "" : String(action.catalogue_id)}
            onValueChange={(v) => {
              const { catalogue_id: _, ...rest } = action
              const id = Number.parseInt(v, 10)
              onChange(id > 0 ? { ...rest, catalogue_id: id } : rest)
            }}
            data-testid="bot-action-catalogue"
          />
        </FormGroup>
        <FormGroup label={t("chatbots.productLimit")}>
          <InputGroup
            type="number"
            value={String(action.limit)}
            onValueChange={(v) => onChange({ ...action, limit: countOf(v, MAX_BOT_LIST) })}
            data-testid="bot-action-count"
          />
        </FormGroup>
      </>
    )
  return null
}

export const ActionFields = ({ action, onChange }: { action: BotAction; onChange: (action: BotAction) => void }) => {
  const { t } = useTranslation()
  return (
    <>
      <FormGroup label={t("chatbots.action")}>
        <HTMLSelect value={action.do} onChange={(e) => onChange(actionOf(e.currentTarget.value, ""))} data-testid="bot-node-action">
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`chatbots.actions.${a}`)}
            </option>
          ))}
        </HTMLSelect>
        {isCommerceAction(action) ? null : (
          <InputGroup value={actionValue(action)} onValueChange={(v) => onChange(actionOf(action.do, v))} />
        )}
      </FormGroup>
      <CommerceFields action={action} onChange={onChange} />
    </>
  )
}
