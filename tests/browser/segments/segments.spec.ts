/**
 * Segments in Chromium against the seeded server: build a segment with the rule builder, see the live count of the
 * contacts its unsaved rules match (the server's own total, asked with those rules), save it and see the list show
 * the same number of members; Arabic mirrors the builder.
 */
import { expect, test, type Page } from "@playwright/test"
import { loginTo, shot } from "../helpers"

const countAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith("/api/backend/fetch/all/contacts") && r.request().postDataJSON()?.rules !== undefined)

test("Segments: build rules, see the live count, save; the list shows its members", async ({ page }) => {
  const name = `WhatsApp or SMS ${Date.now().toString(36)}`
  await loginTo(page, "admin", "/apps/admin-segments")
  await expect(page.getByTestId("page-title")).toHaveText("Segments")
  // A new segment without conditions counts every contact at once.
  const [all] = await Promise.all([countAnswer(page), page.getByTestId("segments-new").click()])
  const dialog = page.getByTestId("segment-dialog")
  await dialog.getByTestId("segment-name").fill(name)
  const everyone = (await all.json()).data.totalItems as number
  await expect(dialog.getByTestId("segment-count-value")).toHaveText(`Contacts matching now: ${everyone}`)

  // An incomplete condition is not counted; finished, it is.
  await dialog.getByTestId("segment-add-rule").click()
  await expect(dialog.getByTestId("segment-count")).toHaveText("Finish condition 1 to see how many contacts match.")
  const rule = dialog.getByTestId("segment-rule").first()
  const [whatsapp] = await Promise.all([countAnswer(page), rule.getByTestId("rule-type").selectOption("channel")])
  expect(whatsapp.request().postDataJSON().rules).toEqual({ match: "all", conditions: [{ type: "channel", channel: "whatsapp" }] })
  const onWhatsapp = (await whatsapp.json()).data.totalItems as number
  await expect(dialog.getByTestId("segment-count-value")).toHaveText(`Contacts matching now: ${onWhatsapp}`)
  expect(onWhatsapp).toBeLessThanOrEqual(everyone)

  // Any of WhatsApp or SMS.
  await dialog.getByTestId("segment-add-rule").click()
  const second = dialog.getByTestId("segment-rule").nth(1)
  await second.getByTestId("rule-type").selectOption("channel")
  await second.getByTestId("rule-channel").selectOption("sms")
  const [either] = await Promise.all([countAnswer(page), dialog.getByTestId("segment-match").selectOption("any")])
  const matching = (await either.json()).data.totalItems as number
  expect(either.request().postDataJSON().rules.match).toBe("any")
  await expect(dialog.getByTestId("segment-count-value")).toHaveText(`Contacts matching now: ${matching}`)
  await shot(page, "audience/segment-builder-en")

  await dialog.getByTestId("segment-dialog-save").click()
  await expect(dialog).toHaveCount(0)
  await page.getByTestId("segments-search").fill(name)
  await page.getByTestId("segments-search").press("Enter")
  const row = page.getByTestId("segment-row")
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("segment-members")).toHaveText(String(matching))
  await expect(row).toContainText("Any of 2 conditions")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.getByTestId("segment-row").first().getByTestId("segment-row-edit").click()
  await expect(page.getByTestId("segment-count-value")).toBeVisible()
  await shot(page, "audience/segment-builder-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
