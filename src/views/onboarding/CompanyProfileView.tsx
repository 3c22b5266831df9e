/**
 * The company sub-pages Profile (name, logo, address, website, country, time zone) and Contact (contact person,
 * e-mail, phone, the mails' subject line): two forms over one page actor, `company-profile`.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { companyProfileMachine, ProfileDraft } from "../../machines/onboarding/company-profile"
import type { ScreenProps } from "../../app/feature"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useSettingsFormView } from "../common/settings-form-view"
import "./onboarding.css"

type ProfileActor = ActorRefFrom<typeof companyProfileMachine>
type TextField = Exclude<keyof ProfileDraft, "country_id">

const PROFILE_FIELDS: readonly TextField[] = ["name", "logo_url", "address", "website"]
const CONTACT_FIELDS: readonly TextField[] = ["contact_person", "email", "phone", "subject"]
/** Fields written left to right whatever the page's direction. */
const LTR = new Set<TextField>(["logo_url", "website", "email", "phone"])

export const CompanyProfileView = ({ section }: ScreenProps) => {
  const { t } = useTranslation()
  const actor = usePageActor<ProfileActor>("company-profile")
  const contact = section === "Contact"
  return (
    <div className="mc-page" data-testid="company-profile-page">
      <PageHeader
        title={t(`sections.${contact ? "Contact" : "Profile"}`)}
        subtitle={t(contact ? "onboarding.company.contactSubtitle" : "onboarding.company.profileSubtitle")}
      />
      <div className="mc-card mc-company-card">{actor ? <ProfileForm actor={actor} contact={contact} /> : <Spinner size={24} />}</div>
    </div>
  )
}

const ProfileForm = ({ actor, contact }: { actor: ProfileActor; contact: boolean }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const { draft, problem, failure, saving, gate } = useSettingsFormView(actor, {
    saved: "onboarding.company.saved",
    loadFailed: "onboarding.company.loadFailed",
    retry: "onboarding.company.retry",
    toastId: "company-saved",
  })
  const countries = useSelector(actor, (s) => s.context.countries)
  const zones = useMemo(() => Intl.supportedValuesOf("timeZone"), [])
  if (gate) return gate
  const edit = (patch: Partial<ProfileDraft>) => actor.send({ type: "EDIT", patch })
  const field = (name: TextField) => (
    <FormGroup key={name} label={t(`onboarding.company.fields.${name}`)} labelFor={`company-${name}`}>
      <InputGroup
        id={`company-${name}`}
        dir={LTR.has(name) ? "ltr" : undefined}
        value={draft[name]}
        placeholder={LTR.has(name) && name !== "email" && name !== "phone" ? "https://…" : undefined}
        onValueChange={(value) => edit({ [name]: value })}
        data-testid={`company-${name}`}
      />
    </FormGroup>
  )
  return (
    <form
      className="mc-company-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SAVE" })
      }}
    >
      {contact ? (
        CONTACT_FIELDS.map(field)
      ) : (
        <>
          {PROFILE_FIELDS.map(field)}
          {/^https?:\/\//.test(draft.logo_url) ? (
            <img className="mc-company-logo" src={draft.logo_url} alt={t("onboarding.company.fields.logo_url")} />
          ) : null}
          <FormGroup label={t("onboarding.company.fields.country_id")} labelFor="company-country">
            <HTMLSelect
              id="company-country"
              value={draft.country_id ?? ""}
              onChange={(event) => edit({ country_id: event.currentTarget.value ? Number(event.currentTarget.value) : null })}
              data-testid="company-country"
            >
              <option value="">{t("onboarding.register.chooseCountry")}</option>
              {countries.map((country) => (
                <option key={country.id} value={country.id}>
                  {country.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup
            label={t("onboarding.company.fields.timezone")}
            labelFor="company-timezone"
            helperText={t("onboarding.company.timezoneHelp")}
          >
            <HTMLSelect
              id="company-timezone"
              value={draft.timezone}
              onChange={(event) => edit({ timezone: event.currentTarget.value })}
              data-testid="company-timezone"
            >
              {[...new Set(["UTC", ...zones])].map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </>
      )}
      {problem ? (
        <Callout intent="warning" data-testid="company-problem">
          {t(`onboarding.company.problems.${problem}`)}
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="company-failure">
          {t("onboarding.company.failed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      <Button type="submit" intent="primary" loading={saving} text={t("onboarding.company.save")} data-testid="company-save" />
    </form>
  )
}
