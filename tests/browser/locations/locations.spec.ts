/**
 * Nearest location: the admin adds a branch (hours the server cannot read are refused on the field, then fixed),
 * finds it by search, and the "find nearest" tool taken from that branch ranks it first at 0 km with a map link.
 * Arabic mirrors the screen.
 */
import { expect, test } from "@playwright/test"
import { loginTo, shot } from "../helpers"

test("a new branch is found by search and comes first in its own nearest search", async ({ page }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  // A point far from every other test's branches: the South Atlantic.
  const lat = (-40 - (Date.now() % 1000) / 1000).toFixed(4)
  const lng = "-20.1234"
  await loginTo(page, "admin", "/apps/nearest-location")
  await expect(page.getByTestId("locations-page")).toBeVisible()

  await page.getByTestId("branch-new").click()
  await page.getByTestId("branch-name").fill(`Branch ${tag}`)
  await page.getByTestId("branch-address").fill(`Harbour road ${tag}`)
  await page.getByTestId("branch-latitude").fill(lat)
  await page.getByTestId("branch-longitude").fill(lng)
  await page.getByTestId("branch-hours").fill("whenever")
  await page.getByTestId("branch-dialog-save").click()
  // The server cannot read "whenever" as hours: the field says so and nothing typed is lost.
  await expect(page.locator("label[for=branch-hours] ~ .bp6-form-content .bp6-form-helper-text")).toContainText("has no HH:MM-HH:MM hours")
  await expect(page.getByTestId("branch-name")).toHaveValue(`Branch ${tag}`)
  await page.getByTestId("branch-hours").fill("24/7")
  await page.getByTestId("branch-dialog-save").click()
  await expect(page.getByTestId("branch-dialog")).toHaveCount(0)

  const searched = page.waitForResponse((r) => r.url().endsWith("/fetch/client/locations") && (r.request().postData() ?? "").includes(tag))
  await page.getByTestId("branch-search").fill(tag)
  await page.getByTestId("branch-search-submit").click()
  await searched
  const row = page.getByTestId("branch-row")
  await expect(row).toHaveCount(1)
  await expect(row).toContainText("24/7")

  await row.getByTestId("branch-pick").click()
  await expect(page.getByTestId("nearest-latitude")).toHaveValue(String(Number(lat)))
  await page.getByTestId("nearest-find").click()
  const first = page.getByTestId("nearest-row").first()
  await expect(first).toHaveAttribute("data-name", `Branch ${tag}`)
  await expect(first.locator("[data-col=distance]")).toHaveText("0 km")
  await expect(first.getByTestId("nearest-open")).toHaveText("Open")
  await expect(first.getByTestId("nearest-map")).toHaveAttribute("href", /openstreetmap/)
  await shot(page, "locations/locations-en")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByTestId("page-title")).toHaveText("أقرب موقع")
  await page.getByTestId("nearest-latitude").fill(lat)
  await page.getByTestId("nearest-longitude").fill(lng)
  await page.getByTestId("nearest-find").click()
  await expect(page.getByTestId("nearest-row").first().getByTestId("nearest-open")).toHaveText("مفتوح")
  await shot(page, "locations/locations-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
