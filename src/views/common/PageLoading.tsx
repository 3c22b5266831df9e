import { Spinner } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"

export const PageLoading = () => {
  const { t } = useTranslation()
  return (
    <div className="mc-centered" aria-busy="true">
      <Spinner size={32} aria-label={t("app.loading")} />
    </div>
  )
}
