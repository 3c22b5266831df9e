/**
 * Contact Information Collection (/ContactInformationCollection): the tenant's public form on the
 * `contact-form-settings` page actor: open or closed, the default country numbers are read in, the questions (a
 * contact's name, email or an attribute; type; required), Save, and the signed public link to share.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, Checkbox, FormGroup, HTMLSelect, InputGroup, Spinner, Switch } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import {
  addField,
  changeField,
  FORM_MAX_FIELDS,
  type FieldType,
  type FormDraft,
  removeField,
} from "../../machines/contact-form/form-fields"
import type { formSettingsMachine } from "../../machines/contact-form/form-settings-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useWriteNotices } from "../record-kit/RecordDialog"
import "./contact-form.css"

type Actor = ActorRefFrom<typeof formSettingsMachine>
const TYPES: readonly FieldType[] = ["text", "email", "number", "date"]

export const FormSettingsView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<Actor>("contact-form-settings")
  return (
    <div className="mc-page" data-testid="contact-form-settings">
      <PageHeader title={t("contactForm.title")} subtitle={t("contactForm.subtitle")} />
      {actor ? <FormSettings actor={actor} /> : <Spinner />}
    </div>
  )
}

const FormSettings = ({ actor }: { actor: Actor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  useWriteNotices(actor)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const draft = useSelector(actor, (s) => s.context.draft)
  const stored = useSelector(actor, (s) => s.context.stored)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const edit = (patch: Partial<FormDraft>) => actor.send({ type: "EDIT", patch })
  if (loading) return <Spinner aria-label={t("contactForm.loading")} />
  if (failed && !stored)
    return (
      <Callout intent="danger" data-testid="contact-form-load-failed">
        {t("contactForm.loadFailed", { message: failure ? failureText(failure) : "" })}
        <Button text={t("contactForm.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  return (
    <form
      className="mc-contact-form-settings"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SAVE" })
      }}
    >
      <Card>
        <Switch
          large
          checked={draft.enabled}
          label={t("contactForm.enabled")}
          onChange={(e) => edit({ enabled: e.currentTarget.checked })}
          data-testid="contact-form-enabled"
        />
        <p className="mc-contact-form-hint">{t("contactForm.enabledHelp")}</p>
        <FormGroup label={t("contactForm.country")} labelFor="contact-form-country" helperText={t("contactForm.countryHelp")}>
          <InputGroup
            id="contact-form-country"
            className="mc-contact-form-country"
            maxLength={2}
            value={draft.country}
            onValueChange={(country) => edit({ country: country.toUpperCase() })}
            dir="ltr"
            data-testid="contact-form-country"
          />
        </FormGroup>
      </Card>
      <Card>
        <h3 className="mc-contact-form-heading">{t("contactForm.questions")}</h3>
        <p className="mc-contact-form-hint">{t("contactForm.questionsHelp")}</p>
        {draft.fields.map((field, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list; removing one renumbers the rest
            key={index}
            className={`mc-contact-form-field${problem?.index === index ? " mc-contact-form-bad" : ""}`}
            data-testid="contact-form-field"
          >
            <InputGroup
              aria-label={t("contactForm.key")}
              placeholder={t("contactForm.keyHint")}
              value={field.key}
              onValueChange={(key) => edit({ fields: changeField(draft, index, { key }) })}
              dir="ltr"
              data-testid="contact-form-key"
            />
            <InputGroup
              aria-label={t("contactForm.label")}
              placeholder={t("contactForm.label")}
              value={field.label}
              onValueChange={(label) => edit({ fields: changeField(draft, index, { label }) })}
              data-testid="contact-form-label"
            />
            <HTMLSelect
              aria-label={t("contactForm.type")}
              value={field.key.trim() === "email" ? "email" : field.type}
              disabled={field.key.trim() === "email"}
              onChange={(e) => edit({ fields: changeField(draft, index, { type: e.currentTarget.value as FieldType }) })}
              options={TYPES.map((value) => ({ value, label: t(`contactForm.types.${value}`) }))}
              data-testid="contact-form-type"
            />
            <Checkbox
              checked={field.required}
              label={t("contactForm.required")}
              onChange={(e) => edit({ fields: changeField(draft, index, { required: e.currentTarget.checked }) })}
            />
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={t("contactForm.remove")}
              title={t("contactForm.remove")}
              onClick={() => edit({ fields: removeField(draft, index) })}
            />
          </div>
        ))}
        <div className="mc-contact-form-actions">
          {(["name", "email", ""] as const).map((key) => (
            <Button
              key={key || "attribute"}
              icon="add"
              variant="outlined"
              disabled={draft.fields.length >= FORM_MAX_FIELDS || (key !== "" && draft.fields.some((f) => f.key.trim() === key))}
              text={t(key ? `contactForm.add.${key}` : "contactForm.add.attribute")}
              onClick={() => edit({ fields: addField(draft, key) })}
              data-testid={`contact-form-add-${key || "attribute"}`}
            />
          ))}
        </div>
        {/* What Save would refuse or could not do, then Save itself, at the foot of the card it saves. */}
        {problem ? (
          <Callout intent="warning" className="mc-contact-form-note" data-testid="contact-form-problem">
            {t(`contactForm.problems.${problem.key}`, { number: (problem.index ?? 0) + 1 })}
          </Callout>
        ) : null}
        {failure && stored ? (
          <Callout intent="danger" className="mc-contact-form-note" data-testid="contact-form-failure">
            {t("contactForm.saveFailed", { message: failureText(failure) })}
          </Callout>
        ) : null}
        <div className="mc-contact-form-save">
          <Button type="submit" intent="primary" loading={saving} text={t("contactForm.save")} data-testid="contact-form-save" />
        </div>
      </Card>
      <Card>
        <h3 className="mc-contact-form-heading" id="mc-contact-form-link">
          {t("contactForm.link")}
        </h3>
        {stored?.link ? (
          <>
            <InputGroup
              readOnly
              value={stored.link}
              dir="ltr"
              aria-labelledby="mc-contact-form-link"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="contact-form-link"
            />
            <p className="mc-contact-form-hint">{t("contactForm.linkHelp")}</p>
          </>
        ) : (
          <p className="mc-contact-form-hint" data-testid="contact-form-no-link">
            {t("contactForm.noLink")}
          </p>
        )}
      </Card>
    </form>
  )
}
