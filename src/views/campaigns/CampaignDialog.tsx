/** The new-campaign dialog (`campaign-create`): template, recipients, parameters, rate and start time. */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
  TextArea,
} from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { type campaignCreateMachine, chosenTemplate, templateKey } from "../../machines/campaigns/campaign-create"
import { useFailureText } from "../common/failure-text"

type CreateActor = ActorRefFrom<typeof campaignCreateMachine>

const ParamRow = ({ actor, index, placeholder }: { actor: CreateActor; index: number; placeholder: string }) => {
  const { t } = useTranslation()
  const choice = useSelector(actor, (s) => s.context.form.params[index]) ?? { mode: "text" as const, value: "" }
  return (
    <>
      <span dir="ltr">{placeholder}</span>
      <HTMLSelect
        value={choice.mode}
        onChange={(e) => actor.send({ type: "PARAM", index, choice: { ...choice, mode: e.currentTarget.value as "text" | "attribute" } })}
        options={[
          { value: "text", label: t("campaigns.fixedText") },
          { value: "attribute", label: t("campaigns.attribute") },
        ]}
        data-testid={`campaign-param-mode-${index + 1}`}
      />
      <InputGroup
        value={choice.value}
        placeholder={choice.mode === "attribute" ? t("campaigns.attributeHint") : t("campaigns.textHint")}
        onValueChange={(value) => actor.send({ type: "PARAM", index, choice: { ...choice, value } })}
        data-testid={`campaign-param-${index + 1}`}
      />
    </>
  )
}

export const CampaignDialog = ({ actor }: { actor: CreateActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const open = useSelector(actor, (s) => !s.matches("closed"))
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const context = useSelector(actor, (s) => s.context)
  const { form, templates, lists, problem, failure } = context
  const template = chosenTemplate(context)
  const edit = (
    patch: Parameters<typeof actor.send>[0] extends infer E ? (E extends { type: "EDIT"; patch: infer P } ? P : never) : never,
  ) => actor.send({ type: "EDIT", patch })
  return (
    <Dialog isOpen={open} onClose={() => actor.send({ type: "CLOSE" })} title={t("campaigns.new")} data-testid="campaign-dialog">
      <DialogBody>
        <FormGroup label={t("campaigns.name")} labelFor="campaign-name">
          <InputGroup id="campaign-name" value={form.name} onValueChange={(name) => edit({ name })} data-testid="campaign-name" />
        </FormGroup>
        <FormGroup label={t("campaigns.template")} labelFor="campaign-template">
          <HTMLSelect
            id="campaign-template"
            fill
            value={form.template}
            onChange={(e) => edit({ template: e.currentTarget.value })}
            options={[
              { value: "", label: t("campaigns.pickTemplate") },
              ...templates.map((x) => ({ value: templateKey(x), label: `${x.name} (${x.language})` })),
            ]}
            data-testid="campaign-template"
          />
        </FormGroup>
        {template ? (
          <Callout className="mc-campaign-muted" data-testid="campaign-template-body">
            <span dir="auto">{template.body}</span>
          </Callout>
        ) : null}
        <FormGroup label={t("campaigns.recipients")}>
          <RadioGroup inline selectedValue={form.source} onChange={(e) => edit({ source: e.currentTarget.value as "list" | "numbers" })}>
            <Radio value="list" label={t("campaigns.fromList")} data-testid="campaign-source-list" />
            <Radio value="numbers" label={t("campaigns.fromNumbers")} data-testid="campaign-source-numbers" />
          </RadioGroup>
          {form.source === "list" ? (
            <HTMLSelect
              fill
              value={form.listId}
              onChange={(e) => edit({ listId: e.currentTarget.value })}
              options={[
                { value: "", label: t("campaigns.pickList") },
                ...lists.map((l) => ({ value: String(l.id), label: t("campaigns.listOption", { name: l.name, count: l.numbers_count }) })),
              ]}
              data-testid="campaign-list"
            />
          ) : (
            <TextArea
              fill
              dir="ltr"
              rows={4}
              value={form.numbers}
              placeholder={t("campaigns.numbersHint")}
              onChange={(e) => edit({ numbers: e.currentTarget.value })}
              data-testid="campaign-numbers"
            />
          )}
        </FormGroup>
        {template && template.params_count > 0 ? (
          <FormGroup label={t("campaigns.params")}>
            <div className="mc-campaign-params">
              {Array.from({ length: template.params_count }, (_, n) => `{{${n + 1}}}`).map((placeholder, i) => (
                <ParamRow key={placeholder} actor={actor} index={i} placeholder={placeholder} />
              ))}
            </div>
          </FormGroup>
        ) : null}
        <FormGroup label={t("campaigns.rate")} helperText={t("campaigns.rateHint")} labelFor="campaign-rate">
          <InputGroup id="campaign-rate" dir="ltr" value={form.rate} onValueChange={(rate) => edit({ rate })} data-testid="campaign-rate" />
        </FormGroup>
        <FormGroup label={t("campaigns.startAt")} helperText={t("campaigns.startAtHint")} labelFor="campaign-start">
          <InputGroup
            id="campaign-start"
            type="datetime-local"
            value={form.scheduledAt}
            onValueChange={(scheduledAt) => edit({ scheduledAt })}
            data-testid="campaign-start"
          />
        </FormGroup>
        {problem ? (
          <Callout intent="warning" data-testid="campaign-problem">
            {t(`campaigns.problems.${problem}`)}
          </Callout>
        ) : null}
        {failure ? (
          <Callout intent="danger" data-testid="campaign-save-failure">
            {failureText(failure)}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("campaigns.cancel")} onClick={() => actor.send({ type: "CLOSE" })} />
            <Button
              intent="primary"
              text={t("campaigns.create")}
              loading={saving}
              onClick={() => actor.send({ type: "SUBMIT" })}
              data-testid="campaign-create"
            />
          </>
        }
      />
    </Dialog>
  )
}
