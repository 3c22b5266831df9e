/** One condition of the segment rule builder: its kind, then the fields that kind needs. */
import { useTranslation } from "react-i18next"
import { Button, HTMLSelect, InputGroup, Switch } from "@blueprintjs/core"
import type { Channel } from "../../contract/schemas/common"
import type { Choice, ChoiceKind } from "../../machines/segments/segments-list"
import { CHANNELS } from "../../machines/report-kit/paged"
import { ATTRIBUTE_OPERATORS, CONDITION_TYPES, type ConditionDraft, conditionOf } from "../../machines/segments/segment-rules"

interface RuleRowProps {
  readonly index: number
  readonly condition: ConditionDraft
  readonly choices: Readonly<Record<ChoiceKind, readonly Choice[]>>
  readonly onChange: (patch: Partial<ConditionDraft>) => void
  readonly onRemove: () => void
}

const isChoice = (type: ConditionDraft["type"]): type is ChoiceKind =>
  type === "tag" || type === "flag" || type === "group" || type === "label"

export const RuleRow = ({ index, condition: c, choices, onChange, onRemove }: RuleRowProps) => {
  const { t } = useTranslation()
  const incomplete = conditionOf(c) === null
  return (
    <div className={`mc-rule-row${incomplete ? " mc-rule-incomplete" : ""}`} data-testid="segment-rule" data-index={index}>
      <HTMLSelect
        aria-label={t("segments.conditionKind")}
        value={c.type}
        onChange={(e) => onChange({ type: e.currentTarget.value as ConditionDraft["type"] })}
        options={CONDITION_TYPES.map((type) => ({ value: type, label: t(`segments.kinds.${type}`) }))}
        data-testid="rule-type"
      />
      {c.type === "attribute" ? (
        <>
          <InputGroup
            aria-label={t("segments.attributeKey")}
            placeholder={t("segments.attributeKey")}
            value={c.key}
            onValueChange={(key) => onChange({ key })}
            data-testid="rule-key"
          />
          <HTMLSelect
            aria-label={t("segments.operator")}
            value={c.operator}
            onChange={(e) => onChange({ operator: e.currentTarget.value })}
            options={ATTRIBUTE_OPERATORS.map((op) => ({ value: op, label: t(`segments.operators.${op}`) }))}
            data-testid="rule-operator"
          />
          {c.operator === "exists" || c.operator === "not_exists" ? null : (
            <InputGroup
              aria-label={t("segments.value")}
              placeholder={t("segments.value")}
              value={c.value}
              onValueChange={(value) => onChange({ value })}
              data-testid="rule-value"
            />
          )}
        </>
      ) : null}
      {isChoice(c.type) ? (
        <>
          <HTMLSelect
            value={c.negate ? "not" : "has"}
            onChange={(e) => onChange({ negate: e.currentTarget.value === "not" })}
            options={[
              { value: "has", label: t("segments.has") },
              { value: "not", label: t("segments.hasNot") },
            ]}
            data-testid="rule-negate"
          />
          <HTMLSelect
            aria-label={t(`segments.kinds.${c.type}`)}
            value={c.ref}
            onChange={(e) => onChange({ ref: e.currentTarget.value })}
            options={[
              { value: "", label: t("segments.choose") },
              ...choices[c.type].map((choice) => ({ value: String(choice.id), label: choice.name })),
            ]}
            data-testid="rule-ref"
          />
        </>
      ) : null}
      {c.type === "channel" ? (
        <HTMLSelect
          value={c.channel}
          onChange={(e) => onChange({ channel: e.currentTarget.value as Channel })}
          options={CHANNELS.map((channel) => ({ value: channel, label: t(`segments.channels.${channel}`) }))}
          data-testid="rule-channel"
        />
      ) : null}
      {c.type === "last_message" ? (
        <>
          <HTMLSelect
            value={c.operator}
            onChange={(e) => onChange({ operator: e.currentTarget.value })}
            options={[
              { value: "before", label: t("segments.before") },
              { value: "after", label: t("segments.after") },
            ]}
            data-testid="rule-when"
          />
          <input
            className="bp6-input mc-num"
            type="datetime-local"
            aria-label={t("segments.at")}
            value={c.value.replace(" ", "T")}
            onChange={(e) => onChange({ value: e.currentTarget.value.replace("T", " ").slice(0, 16) })}
            data-testid="rule-at"
          />
        </>
      ) : null}
      {c.type === "open_ticket" ? (
        <Switch
          checked={!c.negate}
          label={c.negate ? t("segments.noOpenTicket") : t("segments.openTicket")}
          onChange={(e) => onChange({ negate: !e.currentTarget.checked })}
          data-testid="rule-open"
        />
      ) : null}
      <Button variant="minimal" icon="cross" aria-label={t("segments.removeCondition")} onClick={onRemove} data-testid="rule-remove" />
    </div>
  )
}
