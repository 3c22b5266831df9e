import { Button, NonIdealState } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"

export const OfflineView = () => {
  const { t } = useTranslation()
  return (
    <div className="mc-centered" data-testid="offline">
      <NonIdealState
        icon="offline"
        title={t("errors.offlineTitle")}
        description={t("errors.offlineBody")}
        action={
          <Link to="/">
            <Button intent="primary" text={t("errors.retry")} />
          </Link>
        }
      />
    </div>
  )
}
