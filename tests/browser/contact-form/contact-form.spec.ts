/**
 * The contact information form in Chromium against the seeded server: the tenant chooses its questions and default
 * country on /ContactInformationCollection and gets the signed link; a visitor in a fresh, logged-out browser opens
 * it, is told what to fix, sends, and the answers are on the contact in the console's contact list. A tampered link
 * says so. Arabic mirrors both pages.
 */
import { expect, test } from "@playwright/test"
import { baseUrl, loginTo, shot } from "../helpers"

test("Contact form: the tenant sets its questions, a logged-out visitor fills the link, the answers are on the contact", async ({
  page,
  browser,
}) => {
  await loginTo(page, "admin", "/ContactInformationCollection")
  await expect(page.getByTestId("page-title")).toHaveText("Contact Information Collection")
  const settings = page.getByTestId("contact-form-settings")
  // Start from a closed form with no questions, whatever an earlier run left.
  const fields = settings.getByTestId("contact-form-field")
  while ((await fields.count()) > 0) await fields.first().getByRole("button", { name: "Remove question" }).click()
  await settings.getByTestId("contact-form-add-name").click()
  await fields.nth(0).getByText("Required").click()
  await settings.getByTestId("contact-form-add-email").click()
  await settings.getByTestId("contact-form-add-attribute").click()
  await settings.getByTestId("contact-form-add-attribute").click()
  await fields.nth(2).getByTestId("contact-form-key").fill("city")
  await fields.nth(2).getByTestId("contact-form-label").fill("Your city")
  await fields.nth(2).getByText("Required").click()
  await settings.getByTestId("contact-form-save").click()
  await expect(settings.getByTestId("contact-form-problem")).toHaveText("Question 4 needs a key of letters, digits, _ . or - (at most 64).")
  await fields.nth(3).getByRole("button", { name: "Remove question" }).click()
  await settings.getByTestId("contact-form-country").fill("tr")
  if (!(await settings.getByTestId("contact-form-enabled").isChecked())) await settings.getByText("The form is open").click()
  await settings.getByTestId("contact-form-save").click()
  await expect(settings.getByTestId("contact-form-link")).toBeVisible()
  const link = await settings.getByTestId("contact-form-link").inputValue()
  expect(link).toMatch(/\/contact-form\?token=/)
  await shot(page, "audience/contact-form-settings-en")
  // The tenant may open its own link while logged in: the form, not the console.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl()))
  await expect(page.getByTestId("public-form-city")).toBeVisible()
  await page.goBack()

  // A visitor, logged out, in a browser of their own.
  const visitor = await browser.newContext()
  const form = await visitor.newPage()
  await form.goto(`${baseUrl()}/contact-form?${link.split("?")[1]}`)
  const card = form.getByTestId("public-contact-form")
  await expect(card.getByTestId("public-form-city")).toBeVisible()
  const tail = String(Date.now()).slice(-7)
  await card.getByTestId("public-form-number").fill(`0532 ${tail}`)
  await card.getByTestId("public-form-name").fill("Deniz Form")
  await card.getByTestId("public-form-email").fill("deniz.form@")
  await card.getByTestId("public-form-send").click()
  await expect(card).toContainText("Enter an email address, such as name@example.com.")
  await card.getByTestId("public-form-email").fill("deniz.form@example.com")
  await card.getByTestId("public-form-send").click()
  await expect(card).toContainText("Please answer this.")
  await card.getByTestId("public-form-city").fill("Izmir")
  await shot(form, "audience/contact-form-public-en")
  await card.getByTestId("public-form-send").click()
  await expect(card.getByTestId("public-form-sent")).toHaveText("Thank you. Your details have been saved.")

  // A tampered link is refused with a clear message, in Arabic too.
  await form.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await form.goto(`${baseUrl()}/contact-form?${link.split("?")[1].replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`)
  await expect(form.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(form.getByTestId("public-form-refused")).toHaveText("رابط النموذج هذا غير صالح. اطلب رابطًا جديدًا من النشاط التجاري.")
  await form.goto(`${baseUrl()}/contact-form?${link.split("?")[1]}`)
  await expect(form.getByTestId("public-form-city")).toBeVisible()
  await shot(form, "audience/contact-form-public-ar")
  await visitor.close()

  // The answers are on the contact, its number read in the default country.
  await page.goto(`${baseUrl()}/apps/contacts/all`)
  await page.getByTestId("contacts-search").fill(`+90532${tail}`)
  await page.getByTestId("contacts-search").press("Enter")
  const row = page.getByTestId("contact-row")
  await expect(row).toHaveCount(1)
  await expect(row).toContainText("Deniz Form")
  await expect(row).toContainText("deniz.form@example.com")
  await expect(row).toContainText("city: Izmir")

  await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"))
  await page.goto(`${baseUrl()}/ContactInformationCollection`)
  await expect(page.getByTestId("contact-form-link")).toBeVisible()
  await shot(page, "audience/contact-form-settings-ar")
  await page.evaluate(() => localStorage.setItem("i18nextLng", "en"))
})
