import { useTranslation } from "react-i18next"

/** A plain spinner: shown before Blueprint has loaded too. */
export const PageLoading = () => {
  const { t } = useTranslation()
  return (
    <div className="mc-centered" aria-busy="true">
      <span className="mc-spinner" role="progressbar" aria-label={t("app.loading")} />
    </div>
  )
}
