/** What the dashboard's browser specs share. */
import type { Page } from "@playwright/test"
import { baseUrl } from "../helpers"

/** Opens the dashboard and waits until its figures are read (the Refresh button stops spinning). */
export const openDashboard = async (page: Page, path = "/apps/dashboard") => {
  await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/info/boxes")), page.goto(`${baseUrl()}${path}`)])
  await page.locator("[data-testid=dashboard][aria-busy=false]").waitFor()
}

export const boxValue = (page: Page, id: string) => page.getByTestId(`box-${id}-value`)

/** The console's language as a returning user would have it (stored, after a reload). */
export const setLanguage = async (page: Page, language: string) => {
  await page.evaluate((lng) => localStorage.setItem("i18nextLng", lng), language)
  await page.reload()
}

/** Switches the theme with the toolbar's button, as a user does. */
export const setTheme = async (page: Page, theme: "light" | "dark") => {
  if ((await page.locator("html").getAttribute("data-theme")) !== theme) await page.getByTestId("theme-toggle").click()
  await page.locator(`html[data-theme=${theme}]`).waitFor()
}
