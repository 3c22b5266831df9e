/**
 * Catalogues and products: the admin makes a catalogue (a taken name is refused on the field), adds a product with a
 * picture and a price typed in dollars; it shows in the list with its image and price, and a misspelt search finds it.
 * A product CSV and a branch CSV, each with one bad line, show every line's outcome and the exact refusal. The super
 * admin adds a city. English and Arabic screenshots.
 */
import { expect, type Page, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"

// A 2×2 red PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73000000164944415478da63f8cfc0c0f09f8181e13f030300001e0a03fd3d6f05cd0000000049454e44ae426082",
  "hex",
)

const arabic = async (page: Page) => {
  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
}
const english = (page: Page) => page.evaluate(() => localStorage.setItem("i18nextLng", "en"))

test("a product with an image appears in the list and is found by a misspelt search", async ({ page }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  await loginTo(page, "admin", "/fb-catalogues-menu")
  await expect(page.getByTestId("catalogues-page")).toBeVisible()
  for (const attempt of [1, 2]) {
    await page.getByTestId("catalogue-new").click()
    await page.getByTestId("catalogue-name").fill(`Bakery ${tag}`)
    await page.getByTestId("catalogue-description").fill("Fresh every morning")
    await page.getByTestId("catalogue-dialog-save").click()
    if (attempt === 1) await expect(page.getByTestId("catalogue-dialog")).toHaveCount(0)
  }
  // The second time the name is taken: the field says so, and what was typed stays.
  await expect(page.locator("label[for=catalogue-name] ~ .bp6-form-content .bp6-form-helper-text")).toContainText("already exists")
  await expect(page.getByTestId("catalogue-name")).toHaveValue(`Bakery ${tag}`)
  await page.getByTestId("catalogue-dialog-cancel").click()
  const found = page.waitForResponse((r) => r.url().endsWith("/catalogues") && (r.request().postData() ?? "").includes(tag))
  await page.getByTestId("catalogue-search").fill(tag)
  await page.getByTestId("catalogue-search-submit").click()
  await found
  await expect(page.getByTestId("catalogue-row")).toHaveCount(1)
  await expect(page.getByTestId("catalogue-row").locator("[data-col=products]")).toHaveText("0")
  await shot(page, "catalogues/catalogues-en")

  await page.goto(`${baseUrl()}/admin-products`)
  await expect(page.getByTestId("products-page")).toBeVisible()
  await page.getByTestId("product-new").click()
  await page.getByTestId("product-name").fill(`Pistachio croissant ${tag}`)
  await page.getByTestId("product-sku").fill(`PC-${tag}`)
  await page.getByTestId("product-catalogue").selectOption({ label: `Bakery ${tag}` })
  await page.getByTestId("product-currency").fill("USD")
  await page.getByTestId("product-price").fill("3.755")
  await page.getByTestId("product-stock").fill("24")
  await page.getByTestId("product-image-file").setInputFiles({ name: "croissant.png", mimeType: "image/png", buffer: PNG })
  await expect(page.getByTestId("product-image-preview")).toBeVisible()
  await page.getByTestId("product-dialog-save").click()
  // Three decimals are more than dollars have: said before any call, nothing lost.
  await expect(page.getByTestId("product-dialog-problem")).toContainText("no more decimals")
  await page.getByTestId("product-price").fill("3.75")
  await page.getByTestId("product-dialog-save").click()
  await expect(page.getByTestId("product-dialog")).toHaveCount(0)

  const searched = page.waitForResponse((r) => r.url().endsWith("/product/search") && (r.request().postData() ?? "").includes("pistacho"))
  await page.getByTestId("product-search").fill("pistacho")
  await page.getByTestId("product-search-submit").click()
  await searched
  const row = page.getByTestId("product-row").filter({ hasText: `PC-${tag}` })
  await expect(row).toHaveCount(1)
  await expect(row.locator("[data-col=price]")).toHaveText("$3.75")
  const image = row.getByTestId("product-image")
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2)
  await shot(page, "catalogues/products-en")

  // Bulk import: one good line into the catalogue by name, one refused for its price.
  await page.getByTestId("product-import-file").setInputFiles({
    name: "products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `sku,name,price,currency,catalogue\nBG-${tag},Bagel ${tag},1.20,USD,Bakery ${tag}\nBD-${tag},Bad ${tag},1.2.3,USD,\n`,
    ),
  })
  await page.getByTestId("product-import-upload").click()
  await expect(page.getByTestId("product-import-summary")).toHaveText("1 added, 0 updated, 1 refused.")
  await expect(page.getByTestId("product-import-line")).toHaveCount(2)
  await expect(page.locator("[data-testid=product-import-line][data-line='2']")).toContainText("Accepted")
  await expect(page.locator("[data-testid=product-import-line][data-line='3']")).toContainText(
    "price must be an amount in USD with at most 2 decimals, for example 12.50",
  )
  // The catalogue now holds both products: its filter and a search for this run's tag show them.
  await page.getByTestId("product-catalogue-filter").selectOption({ label: `Bakery ${tag}` })
  const inCatalogue = page.waitForResponse((r) => r.url().endsWith("/product/search") && (r.request().postData() ?? "").includes(tag))
  await page.getByTestId("product-search").fill(tag)
  await page.getByTestId("product-search-submit").click()
  await inCatalogue
  await expect(page.getByTestId("product-row")).toHaveCount(2)

  await arabic(page)
  await expect(page.getByTestId("page-title")).toHaveText("المنتجات")
  await expect(page.getByTestId("product-row").first()).toBeVisible()
  await shot(page, "catalogues/products-ar")
  await page
    .getByTestId("product-row")
    .filter({ hasText: `PC-${tag}` })
    .getByTestId("product-row-edit")
    .click()
  await expect(page.getByTestId("product-image-preview")).toBeVisible()
  await expect(page.getByTestId("product-price")).toHaveValue("3.75")
  await shot(page, "catalogues/product-dialog-ar")
  await english(page)
})

test("a branches CSV with one bad line shows the exact refusal and keeps the good lines", async ({ page }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  await loginTo(page, "admin", "/apps/nearest-location")
  await expect(page.getByTestId("locations-page")).toBeVisible()
  const csv = [
    "name,address,latitude,longitude,city,opening_hours",
    `North ${tag},Quay 1,-41.5,-21.5,Istanbul,24/7`,
    `South ${tag},Quay 2,-95,-21.6,,`,
    `East ${tag},Quay 3,-41.6,-21.4,,Mon-Fri 09:00-18:00`,
  ].join("\n")
  await page.getByTestId("branch-import-file").setInputFiles({ name: "branches.csv", mimeType: "text/csv", buffer: Buffer.from(csv) })
  await page.getByTestId("branch-import-upload").click()
  await expect(page.getByTestId("branch-import-summary")).toHaveText("2 added, 0 updated, 1 refused.")
  const lines = page.getByTestId("branch-import-line")
  await expect(lines).toHaveCount(3)
  await expect(lines.nth(0)).toContainText("Accepted")
  await expect(lines.nth(1)).toHaveAttribute("data-ok", "false")
  await expect(lines.nth(1)).toContainText("latitude must be a number between -90 and 90")
  await expect(lines.nth(2)).toContainText("Accepted")
  const searched = page.waitForResponse((r) => r.url().endsWith("/fetch/client/locations") && (r.request().postData() ?? "").includes(tag))
  await page.getByTestId("branch-search").fill(tag)
  await page.getByTestId("branch-search-submit").click()
  await searched
  await expect(page.getByTestId("branch-row")).toHaveCount(2)
  await expect(page.locator(`[data-testid=branch-row][data-name="North ${tag}"]`)).toContainText("Istanbul")
  await page.getByTestId("branch-import").scrollIntoViewIfNeeded()
  await shot(page, "catalogues/branch-import-en")
  await arabic(page)
  await page.getByTestId("branch-import-file").setInputFiles({ name: "branches.csv", mimeType: "text/csv", buffer: Buffer.from(csv) })
  await page.getByTestId("branch-import-upload").click()
  await expect(page.getByTestId("branch-import-summary")).toHaveText("أُضيف 0، وحُدّث 2، ورُفض 1.")
  await page.getByTestId("branch-import").scrollIntoViewIfNeeded()
  await shot(page, "catalogues/branch-import-ar")
  await english(page)
})

test("the super admin adds a city, and a name already taken in that country is refused on the field", async ({ page }) => {
  test.setTimeout(120_000)
  const tag = Date.now().toString(36)
  await loginTo(page, "superadmin", "/apps/nearest-location")
  await expect(page.getByTestId("reference-section")).toBeVisible()
  for (const attempt of [1, 2]) {
    await page.getByTestId("city-new").click()
    await page.getByTestId("city-country").selectOption({ label: "Turkey" })
    await page.getByTestId("city-name").fill(`Antalya ${tag}`)
    await page.getByTestId("city-dialog-save").click()
    if (attempt === 1) await expect(page.getByTestId("city-dialog")).toHaveCount(0)
  }
  await expect(page.locator("label[for=city-name] ~ .bp6-form-content .bp6-form-helper-text")).toContainText("already")
  await page.getByTestId("city-dialog-cancel").click()
  await page.getByTestId("city-country-filter").selectOption({ label: "Turkey" })
  const searched = page.waitForResponse(
    (r) => r.url().endsWith("/backend/fetch/list/cities") && (r.request().postData() ?? "").includes(tag),
  )
  await page.getByTestId("city-search").fill(tag)
  await page.getByTestId("city-search-submit").click()
  await searched
  const row = page.getByTestId("city-row")
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(`Antalya ${tag}`)
  await expect(row).toContainText("Turkey")
  await page.getByTestId("reference-section").scrollIntoViewIfNeeded()
  await shot(page, "catalogues/cities-en")
  await arabic(page)
  await expect(page.getByTestId("reference-section")).toContainText("الدول والمدن")
  await page.getByTestId("reference-section").scrollIntoViewIfNeeded()
  await shot(page, "catalogues/cities-ar")
  await english(page)
})
