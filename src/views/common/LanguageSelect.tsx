import { useTranslation } from "react-i18next"

const LANGUAGES = ["en", "tr", "ar"] as const

/** A plain language picker for pages that load without Blueprint (the login page). */
export const LanguageSelect = () => {
  const { t, i18n } = useTranslation()
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "en"
  return (
    <label className="mc-lang-select">
      <span className="mc-visually-hidden">{t("shell.language")}</span>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm5.9 7h-2.9a12.5 12.5 0 0 0-1.2-4.9A6 6 0 0 1 13.9 7ZM8 2c.6.8 1.4 2.6 1.5 5h-3C6.6 4.6 7.4 2.8 8 2ZM6.2 2.1A12.5 12.5 0 0 0 5 7H2.1a6 6 0 0 1 4.1-4.9ZM2.1 9H5c.1 1.9.6 3.6 1.2 4.9A6 6 0 0 1 2.1 9Zm5.9 5c-.6-.8-1.4-2.6-1.5-5h3c-.1 2.4-.9 4.2-1.5 5Zm1.8-.1c.6-1.3 1.1-3 1.2-4.9h2.9a6 6 0 0 1-4.1 4.9Z"
        />
      </svg>
      <select value={current} data-testid="language-menu" onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language} data-testid={`language-${language}`}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </label>
  )
}
