/**
 * The queue's priority rules in the configuration form: each names a label, a segment or a flag (VIP) of the tenant
 * and the priority a conversation meeting it waits at. Thin: the rules are the configuration draft's.
 */
import { Button, FormGroup, HTMLSelect, NumericInput } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { RuleChoices } from "../../contract/groups/routing"
import type { RuleDraft } from "../../machines/tenant-settings/configuration-machine"

const KINDS = ["label", "segment", "flag"] as const

export const PriorityRules = ({
  rules,
  choices,
  onChange,
}: {
  rules: readonly RuleDraft[]
  choices: RuleChoices
  onChange: (rules: readonly RuleDraft[]) => void
}) => {
  const { t } = useTranslation()
  const set = (i: number, patch: Partial<RuleDraft>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  return (
    <FormGroup label={t("tenantSettings.priorityRules")} helperText={t("tenantSettings.priorityRulesHelp")}>
      {rules.map((rule, i) => {
        const n = i + 1
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no identity of its own, and every field is the draft's (controlled)
          <div key={i} className="mc-configuration-rule" data-testid="configuration-rule">
            <HTMLSelect
              aria-label={t("tenantSettings.ruleKind", { n })}
              value={rule.kind}
              onChange={(e) => set(i, { kind: e.currentTarget.value as RuleDraft["kind"], id: 0 })}
              options={KINDS.map((kind) => ({ value: kind, label: t(`tenantSettings.ruleKinds.${kind}`) }))}
              data-testid="configuration-rule-kind"
            />
            <HTMLSelect
              aria-label={t("tenantSettings.ruleTarget", { n })}
              value={rule.id}
              onChange={(e) => set(i, { id: Number(e.currentTarget.value) })}
              options={[
                { value: 0, label: t("tenantSettings.choose") },
                ...choices[rule.kind].map((c) => ({ value: c.id, label: c.name })),
              ]}
              data-testid="configuration-rule-target"
            />
            <NumericInput
              aria-label={t("tenantSettings.rulePriority", { n })}
              min={-100}
              max={100}
              value={rule.priority}
              onValueChange={(priority) => set(i, { priority })}
              data-testid="configuration-rule-priority"
            />
            <Button
              minimal
              icon="cross"
              aria-label={t("tenantSettings.removeRule", { n })}
              onClick={() => onChange(rules.filter((_, j) => j !== i))}
              data-testid="configuration-rule-remove"
            />
          </div>
        )
      })}
      <Button
        icon="add"
        text={t("tenantSettings.addRule")}
        onClick={() => onChange([...rules, { kind: "label", id: 0, priority: 10 }])}
        data-testid="configuration-rule-add"
      />
    </FormGroup>
  )
}
