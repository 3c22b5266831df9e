import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { LanguageSelect } from "../common/LanguageSelect"

interface AuthFrameProps {
  readonly title: string
  readonly subtitle?: string
  /** The console's brand panel; off for pages a tenant's customers see (they came for the tenant, not the console). */
  readonly brand?: boolean
  readonly children: ReactNode
}

/**
 * The frame of the logged-out pages: brand panel on one side, the form card on the other (mirrored in Arabic).
 * Plain elements and the console's own CSS, so the login page loads without Blueprint.
 */
export const AuthFrame = ({ title, subtitle, brand = true, children }: AuthFrameProps) => (
  <div className={brand ? "mc-auth" : "mc-auth mc-auth-plain"}>
    {brand ? <BrandPanel /> : null}
    <main className="mc-auth-main">
      <div className="mc-auth-top">
        <LanguageSelect />
      </div>
      <section className="mc-auth-card">
        <h1 className="mc-auth-title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? <p className="mc-auth-subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </main>
  </div>
)

const BrandPanel = () => {
  const { t } = useTranslation()
  return (
    <aside className="mc-auth-brand">
      <div className="mc-brand-mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 5v2h10V8H7Zm0 4v2h6v-2H7Z"
          />
        </svg>
      </div>
      <h2 className="mc-auth-product">{t("app.name")}</h2>
      <p className="mc-auth-tagline">{t("app.tagline")}</p>
      <ul className="mc-auth-features" aria-hidden="true">
        <li>
          <span className="mc-feature-dot" />
          WhatsApp · Facebook · Instagram · SMS
        </li>
        <li>
          <span className="mc-feature-dot" />
          {t("routes.callHistory")}
        </li>
        <li>
          <span className="mc-feature-dot" />
          {t("sidebar.reports")}
        </li>
      </ul>
    </aside>
  )
}
