/**
 * `/register`: a business registers itself (page actor `business-registration`). Loaded only when someone follows the
 * login page's link, so the login route stays small. Problems the form finds are said before any call; the server's
 * refusals (a taken username, a refused file) are said with its message.
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core"
import { Link } from "react-router-dom"
import type { RegistrationDocument } from "../../contract/schemas/tenants"
import type { RegistrationActor } from "../../machines/onboarding/registration-machine"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { AuthFrame } from "../session/AuthFrame"
import "./onboarding.css"

const DOCUMENT_TYPES: readonly RegistrationDocument[] = ["trade_license", "tax_certificate", "identity", "other"]

/** Refusals worded here in the user's language; others show the server's message. */
const WORDED = new Set(["APPLICANT_QUOTA", "TOO_MANY_REQUESTS"])

export const RegistrationView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<RegistrationActor>("business-registration")
  return (
    <AuthFrame title={t("onboarding.register.title")} subtitle={t("onboarding.register.subtitle")}>
      {actor ? <RegistrationForm actor={actor} /> : null}
      <div className="mc-auth-links">
        <Link to="/login">{t("onboarding.register.toLogin")}</Link>
        {" · "}
        <Link to="/privacy-policy">{t("onboarding.register.privacy")}</Link>
      </div>
    </AuthFrame>
  )
}

const RegistrationForm = ({ actor }: { actor: RegistrationActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const [documentType, setDocumentType] = useState<RegistrationDocument>("trade_license")
  const draft = useSelector(actor, (s) => s.context.draft)
  const countries = useSelector(actor, (s) => s.context.countries)
  const documents = useSelector(actor, (s) => s.context.documents)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const registered = useSelector(actor, (s) => s.context.registered)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const uploading = useSelector(actor, (s) => s.hasTag("uploading"))
  const submitting = useSelector(actor, (s) => s.hasTag("submitting"))
  if (registered)
    return (
      <Callout intent="success" data-testid="registration-done">
        {t("onboarding.register.done", { name: registered.name, email: registered.email, username: draft.admin_username })}
      </Callout>
    )
  if (loading) return <p className="mc-muted">…</p>
  if (failed)
    return (
      <Callout intent="danger" data-testid="registration-load-failed">
        {t("onboarding.register.loadFailed", { message: failure ? failureText(failure) : "" })}{" "}
        <Button size="small" text={t("onboarding.register.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  const edit = (patch: Partial<typeof draft>) => actor.send({ type: "EDIT", patch })
  const field = (
    key: keyof typeof draft,
    label: string,
    extra: { type?: string; dir?: "ltr"; help?: string; autoComplete?: string } = {},
  ) => (
    <FormGroup label={label} labelFor={`reg-${key}`} helperText={extra.help}>
      <InputGroup
        id={`reg-${key}`}
        type={extra.type}
        dir={extra.dir}
        autoComplete={extra.autoComplete}
        value={draft[key]}
        onValueChange={(value) => edit({ [key]: value })}
        data-testid={`reg-${key}`}
      />
    </FormGroup>
  )
  return (
    <form
      className="mc-registration"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SUBMIT" })
      }}
      data-testid="registration-form"
    >
      {field("business_name", t("onboarding.register.businessName"), { autoComplete: "organization" })}
      {field("email", t("onboarding.register.email"), { type: "email", dir: "ltr", autoComplete: "email" })}
      {field("phone", t("onboarding.register.phone"), { type: "tel", dir: "ltr", autoComplete: "tel" })}
      <FormGroup label={t("onboarding.register.country")} labelFor="reg-country">
        <HTMLSelect
          id="reg-country"
          fill
          value={draft.country_id}
          onChange={(e) => edit({ country_id: e.currentTarget.value })}
          data-testid="reg-country"
        >
          <option value="">{t("onboarding.register.chooseCountry")}</option>
          {countries.map((country) => (
            <option key={country.id} value={String(country.id)}>
              {country.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {field("admin_username", t("onboarding.register.username"), {
        dir: "ltr",
        help: t("onboarding.register.usernameHelp"),
        autoComplete: "username",
      })}
      {field("password", t("onboarding.register.password"), {
        type: "password",
        help: t("onboarding.register.passwordHelp"),
        autoComplete: "new-password",
      })}
      <fieldset className="mc-registration-documents">
        <legend>{t("onboarding.register.documents")}</legend>
        <p className="mc-muted">{t("onboarding.register.documentsHelp")}</p>
        <ul data-testid="reg-documents">
          {documents.map((doc) => (
            <li key={doc.id} data-testid="reg-document">
              {t(`onboarding.documentTypes.${doc.document_type}`)}: <span dir="ltr">{doc.name}</span>{" "}
              <Button
                size="small"
                variant="minimal"
                text={t("onboarding.register.remove")}
                onClick={() => actor.send({ type: "REMOVE", id: doc.id })}
              />
            </li>
          ))}
        </ul>
        <div className="mc-registration-upload">
          <HTMLSelect
            aria-label={t("onboarding.register.documentType")}
            value={documentType}
            onChange={(e) => setDocumentType(e.currentTarget.value as RegistrationDocument)}
            data-testid="reg-document-type"
          >
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`onboarding.documentTypes.${type}`)}
              </option>
            ))}
          </HTMLSelect>
          <label className="bp6-button" data-testid="reg-upload-label">
            {uploading ? t("onboarding.register.uploading") : t("onboarding.register.addDocument")}
            <input
              type="file"
              hidden
              accept="application/pdf,image/png,image/jpeg"
              disabled={uploading}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0]
                e.currentTarget.value = ""
                if (file) actor.send({ type: "PICK", file, documentType })
              }}
              data-testid="reg-file"
            />
          </label>
        </div>
      </fieldset>
      {problem ? (
        <Callout intent="warning" data-testid="registration-problem">
          {t(`onboarding.register.problems.${problem}`)}
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="registration-failure">
          {t("onboarding.register.failed", {
            message: WORDED.has(failure.code) ? t(`onboarding.register.errors.${failure.code}`) : failureText(failure),
          })}
        </Callout>
      ) : null}
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={submitting}
        disabled={uploading}
        text={t("onboarding.register.submit")}
        data-testid="registration-submit"
      />
    </form>
  )
}
