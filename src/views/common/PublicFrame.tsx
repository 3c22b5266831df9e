import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { LanguageMenu } from "./LanguageMenu"

/** The frame of public pages seen without logging in (privacy policy, not-found and the like). */
export const PublicFrame = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <div className="mc-public">
      <header className="mc-public-bar">
        <Link to="/login" className="mc-brand">
          <span className="mc-brand-dot" />
          {t("app.name")}
        </Link>
        <LanguageMenu />
      </header>
      <main className="mc-public-main">{children}</main>
    </div>
  )
}
