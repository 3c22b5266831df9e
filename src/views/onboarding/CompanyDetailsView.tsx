/** The company area's landing (/apps/company-details): the sub-pages this person may open, as links. */
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { useSelector } from "@xstate/react"
import { NonIdealState } from "@blueprintjs/core"
import { COMPANY_DETAILS, canonicalOf } from "../../machines/acl/decide"
import { selectCompanySections } from "../../machines/onboarding/company-sections"
import { useAclActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import "./onboarding.css"

/** A sub-page's address: the screen's own one when the company area shows a screen that lives elsewhere. */
const addressOf = (section: string) => {
  const path = `${COMPANY_DETAILS}/${section}`
  return canonicalOf(path) ?? path
}

export const CompanyDetailsView = () => {
  const { t } = useTranslation()
  const sections = useSelector(useAclActor(), selectCompanySections)
  return (
    <div className="mc-page" data-testid="company-details-page">
      <PageHeader title={t("routes.companyDetails")} subtitle={t("onboarding.company.landing")} />
      {sections.length === 0 ? (
        <div className="mc-card mc-empty">
          <NonIdealState icon="lock" title={t("onboarding.company.noSections")} />
        </div>
      ) : (
        <ul className="mc-company-sections" data-testid="company-sections">
          {sections.map((section) => (
            <li key={section} className="mc-card">
              <Link to={addressOf(section)} data-testid="company-section" data-section={section}>
                {t(`sections.${section}`)}
              </Link>
              <p>{t(`onboarding.company.about.${section}`)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
