import { NonIdealState } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import { PageHeader } from "./PageHeader"

/**
 * The one honest placeholder for a screen whose feature is not built yet: the route's translated title and a
 * plain statement, never invented rows.
 */
export const NotAvailableView = ({ titleKey, section }: { titleKey: string; section?: string }) => {
  const { t } = useTranslation()
  return (
    <div className="mc-page" data-testid="not-available">
      <PageHeader
        title={t(`routes.${titleKey}`)}
        subtitle={section ? t("app.notAvailableSection", { section: t(`sections.${section}`) }) : undefined}
      />
      <div className="mc-card mc-empty">
        <NonIdealState icon="build" title={t("app.notAvailableTitle")} description={t("app.notAvailableBody")} />
      </div>
    </div>
  )
}
