import { Button, Menu, MenuItem, PopoverNext } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import { reducedMotion } from "./motion"

const LANGUAGES = ["en", "tr", "ar"] as const

/** Language switcher; i18next persists the choice and flips `<html dir>` (see src/app/i18n.ts). */
export const LanguageMenu = ({ minimal = true }: { minimal?: boolean }) => {
  const { t, i18n } = useTranslation()
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "en"
  return (
    <PopoverNext
      placement="bottom-end"
      // With less motion asked for, the menu leaves the page as it closes instead of after its fade's 300 ms: what is
      // read next (by a screen reader, or the accessibility audit) is the page in its new language, not the old menu.
      transitionDuration={reducedMotion() ? 0 : undefined}
      content={
        <Menu aria-label={t("shell.language")}>
          {LANGUAGES.map((language) => (
            <MenuItem
              key={language}
              text={t(`languages.${language}`)}
              lang={language}
              active={language === current}
              roleStructure="listoption"
              selected={language === current}
              data-testid={`language-${language}`}
              onClick={() => void i18n.changeLanguage(language)}
            />
          ))}
        </Menu>
      }
    >
      <Button
        variant={minimal ? "minimal" : "outlined"}
        icon="translate"
        endIcon="caret-down"
        text={t(`languages.${current}`)}
        data-testid="language-menu"
        // The name starts with the language it shows (WCAG 2.5.3), then says what the menu chooses.
        aria-label={`${t(`languages.${current}`)} (${t("shell.language")})`}
      />
    </PopoverNext>
  )
}
