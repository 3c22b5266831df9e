/**
 * The two modes every screen is audited in: English in the light theme, and Arabic (right to left) in the dark one.
 * Between them every string, the direction and every colour change, so the two cover both languages' layout and
 * both themes' contrast. Turkish, whose labels run longest, is a third mode visited on a share of the screens
 * (screen-audit.ts). The switch is the top bar's own language menu and theme button, in place (no reload).
 */
import type { Page } from "@playwright/test"

export interface Mode {
  readonly language: "en" | "ar" | "tr"
  readonly theme: "light" | "dark"
}

export const MODES: readonly Mode[] = [
  { language: "en", theme: "light" },
  { language: "ar", theme: "dark" },
]

/** The third language, audited on every few screens between the two modes above. */
export const TURKISH: Mode = { language: "tr", theme: "light" }

export const modeName = (mode: Mode) => `${mode.language} ${mode.theme}`

/** The mode the page shows now. */
export const currentMode = (page: Page): Promise<Mode> =>
  page.evaluate(() => ({
    language: document.documentElement.lang === "ar" ? "ar" : document.documentElement.lang === "tr" ? "tr" : "en",
    theme: document.documentElement.dataset.theme === "dark" ? "dark" : "light",
  }))

/** Until every transition and animation in flight has ended: colours are measured only once they have settled. */
export const stillAnimations = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    await Promise.all(
      document.getAnimations().map((animation) =>
        // An endless animation (a spinner, a ringing card's pulse) never finishes: only the finite ones are waited for.
        animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY ? null : animation.finished.catch(() => null),
      ),
    )
  })

/**
 * Switches the page to `mode` with the top bar's controls; answers false when the screen has no top bar to do it
 * with (the company pages show their own frame).
 */
export const switchMode = async (page: Page, mode: Mode): Promise<boolean> => {
  const now = await currentMode(page)
  // The top bar's (the profile page has a language menu of its own).
  const menu = page.getByTestId("language-menu").first()
  const toggle = page.getByTestId("theme-toggle").first()
  if ((await menu.count()) === 0 || (await toggle.count()) === 0) return false
  // As a user who asks for less motion: the language menu leaves the page as it closes, and colours change at once,
  // so the wait below ends when the new mode is drawn, not 300 ms later when the menu's fade would have ended.
  await page.emulateMedia({ reducedMotion: "reduce" })
  // Clicked as a script would: the controls' own handlers, without waiting for the pointer to find them.
  if (now.language !== mode.language) {
    await menu.dispatchEvent("click")
    // The menu's own item (the profile page's language select has options of the same test id).
    await page.locator(`.bp6-popover [data-testid=language-${mode.language}]`).dispatchEvent("click")
  }
  if (now.theme !== mode.theme) await toggle.dispatchEvent("click")
  // The language menu has closed, and the feature strings a language change loads are in (the screen shows a
  // spinner, aria-busy, until they are): checked every frame, as a fixed wait would be too long or too short.
  await page
    .waitForFunction(
      (want) =>
        document.documentElement.lang === want.language &&
        document.documentElement.dataset.theme === want.theme &&
        !document.querySelector(".bp6-popover, [aria-busy=true]"),
      mode,
      { polling: "raf", timeout: 10_000 },
    )
    .catch(async (error: Error) => {
      // Which of the conditions never held, so the failure names what is stuck.
      const stuck = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        theme: document.documentElement.dataset.theme,
        open: [...document.querySelectorAll(".bp6-popover, [aria-busy=true]")].map((e) => e.outerHTML.slice(0, 200)),
      }))
      throw new Error(`switching to ${modeName(mode)}: ${error.message}; the page shows ${JSON.stringify(stuck)}`)
    })
  await stillAnimations(page)
  return true
}
