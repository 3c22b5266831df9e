/**
 * How the chat inbox reads and moves against the real server: the keyboard, a long conversation paged in from the
 * top, a burst of new customers in a virtual list, and Arabic right to left (light and dark).
 */
import { expect, test } from "@playwright/test"
import { customerWrites, freshNumber, newTakenConversation, openInbox, phoneOf, row, SHOTS } from "./chat-inbox-helpers"

test.describe("chat inbox view", () => {
  test("keyboard: next/previous, focus the composer, help", async ({ page }) => {
    await openInbox(page)
    await page.getByTestId("chat-box-all").click()
    // Read the rows once the box's page has loaded (when this runs first on a fresh server, rows read earlier were
    // replaced by the loaded page before the keys walked them).
    await page.waitForLoadState("networkidle")
    await expect(page.getByTestId("chat-conversation").first()).toBeVisible()
    const ids = await page.getByTestId("chat-conversation").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")))
    await page.locator("body").click({ position: { x: 5, y: 400 } })
    await page.keyboard.press("Alt+ArrowDown")
    await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-id", ids[0]!)
    await page.keyboard.press("Alt+ArrowDown")
    await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-id", ids[1]!)
    await page.keyboard.press("Alt+ArrowUp")
    await expect(page.getByTestId("chat-thread")).toHaveAttribute("data-id", ids[0]!)
    await page.keyboard.press("Alt+KeyF")
    await expect(page.getByTestId("chat-search")).toBeFocused()
    await page.locator("body").click({ position: { x: 5, y: 400 } })
    await page.keyboard.press("?")
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/09-shortcuts.png` })
    await page.keyboard.press("Escape")
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0)
    const number = await newTakenConversation(page, "Keyboard user here")
    await page.locator("body").click({ position: { x: 5, y: 400 } })
    await page.keyboard.press("Alt+KeyR")
    await expect(page.getByTestId("chat-input")).toBeFocused()
    await page.keyboard.type("typed without the mouse")
    await page.keyboard.press("Enter")
    await expect.poll(async () => (await phoneOf(page, number)).map((m) => m.body)).toEqual(["typed without the mouse"])
    await page.keyboard.press("Alt+KeyC")
    await expect(page.getByRole("dialog", { name: "Close conversation" })).toBeVisible()
  })

  test("a long conversation opens at its latest messages and pages older ones in at the top", async ({ page }) => {
    await openInbox(page)
    const number = freshNumber()
    for (let i = 1; i <= 45; i++) await customerWrites(page, number, `line ${i}`)
    await page.getByTestId("chat-box-all").click()
    await row(page, number).click()
    const bubbles = page.getByTestId("chat-message")
    await expect(bubbles.last()).toContainText("line 45")
    await expect(bubbles).toHaveCount(40)
    await expect(bubbles.last()).toBeInViewport()
    await page.getByTestId("chat-transcript").evaluate((el) => {
      el.scrollTop = 0
    })
    await expect(bubbles).toHaveCount(45)
    await expect(bubbles.first()).toContainText("line 1")
    await expect(page.getByTestId("chat-transcript")).toContainText("Start of the conversation")
  })

  test("a burst of 150 new customers: all arrive live, the list keeps only the rows in view in the DOM", async ({ page }) => {
    await openInbox(page)
    await page.getByTestId("chat-box-unassigned").click()
    await page.waitForLoadState("networkidle")
    const before = Number(await page.getByTestId("chat-list").getAttribute("data-count"))
    const base = `9056${String(Date.now()).slice(-6)}`
    const started = Date.now()
    await Promise.all(Array.from({ length: 150 }, (_, i) => customerWrites(page, `${base}${String(i).padStart(3, "0")}`, `burst ${i}`)))
    await expect(page.getByTestId("chat-list")).toHaveAttribute("data-count", String(before + 150), { timeout: 15_000 })
    console.log(`[chat] 150 conversations pushed and listed in ${Date.now() - started} ms`)
    const rendered = await page.getByTestId("chat-conversation").count()
    expect(rendered).toBeLessThan(30)
    // Scrolling deep still shows the right rows.
    await page.getByTestId("chat-list").evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
    await expect(page.getByTestId("chat-conversation").last()).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/12-burst.png` })
  })

  test("Arabic: the inbox mirrors right to left", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("i18nextLng", "ar"))
    await openInbox(page)
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    const number = await newTakenConversation(page, "مرحبا، أين طلبي؟")
    await page.getByTestId("chat-input").fill("أهلاً! سأتحقق الآن")
    await page.getByTestId("chat-input").press("Enter")
    await expect(page.locator("[data-testid=chat-message][data-direction=outbound]")).toHaveCount(1)
    await expect.poll(async () => (await phoneOf(page, number)).length).toBe(1)
    const list = await page.getByTestId("chat-list").boundingBox()
    const thread = await page.getByTestId("chat-thread").boundingBox()
    expect(list!.x).toBeGreaterThan(thread!.x)
    await page.screenshot({ path: `${SHOTS}/10-arabic.png` })
    // Dark theme: the same screen stays readable.
    await page.getByRole("button", { name: "السمة" }).click()
    await expect(page.locator("body")).toHaveClass(/bp6-dark/)
    await page.screenshot({ path: `${SHOTS}/13-arabic-dark.png` })
  })
})
