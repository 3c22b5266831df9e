/** Above every company-area sub-page: the way back to the area's landing, named in the current language. */
import { Icon } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { COMPANY_DETAILS } from "../../machines/acl/decide"

export const CompanyBackLink = () => {
  const { t } = useTranslation()
  return (
    <nav className="mc-back-link" aria-label={t("shell.backToCompany")}>
      <Link to={COMPANY_DETAILS} data-testid="company-back">
        <Icon icon="chevron-left" className="mc-back-chevron" size={12} />
        {t("shell.backToCompany")}
      </Link>
    </nav>
  )
}
