import { Icon } from "@blueprintjs/core"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { LanguageMenu } from "../common/LanguageMenu"

/** The frame of the logged-out pages: brand panel on one side, the form card on the other (mirrored in Arabic). */
export const AuthFrame = ({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <div className="mc-auth">
      <aside className="mc-auth-brand">
        <div className="mc-brand-mark"><Icon icon="chat" size={28} /></div>
        <h2 className="mc-auth-product">{t("app.name")}</h2>
        <p className="mc-auth-tagline">{t("app.tagline")}</p>
        <ul className="mc-auth-features" aria-hidden="true">
          <li><Icon icon="chat" /> WhatsApp · Facebook · Instagram · SMS</li>
          <li><Icon icon="phone" /> {t("routes.callHistory")}</li>
          <li><Icon icon="timeline-bar-chart" /> {t("sidebar.reports")}</li>
        </ul>
      </aside>
      <main className="mc-auth-main">
        <div className="mc-auth-top"><LanguageMenu /></div>
        <section className="mc-auth-card">
          <h1 className="mc-auth-title" data-testid="page-title">{title}</h1>
          {subtitle ? <p className="mc-auth-subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </main>
    </div>
  )
}
