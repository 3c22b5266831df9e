import { Button, NonIdealState } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"

export const NotFoundView = () => {
  const { t } = useTranslation()
  return (
    <div className="mc-centered" data-testid="not-found">
      <NonIdealState
        icon="search"
        title={t("errors.notFoundTitle")}
        description={t("errors.notFoundBody")}
        action={
          <Link to="/">
            <Button intent="primary" text={t("app.backHome")} />
          </Link>
        }
      />
    </div>
  )
}
